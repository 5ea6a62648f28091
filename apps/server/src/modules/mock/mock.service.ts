import {
  type MockBase,
  type MockConfig,
  type MockRunRequest,
  type MockRunResult,
  type MockSaved,
  type MockSaveRequest,
  mockBasePath,
} from '@quire/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { loadDocModule, loadDocRef, loadDocRow } from '../docs/doc-access.ts';
import { readDocument } from '../docs/doc-document.ts';
import { mergedBodyText } from './default-mock.ts';
import { presentMock } from './mock.presenter.ts';
import {
  claimPathKey,
  deleteMock,
  findMock,
  insertMock,
  insertMockIfAbsent,
  listMocks,
  type MockRow,
  maxMockVersion,
  pathKeyOwners,
  updateMock,
} from './mock.repository.ts';
import { answersAt, bareKey } from './mock-match.ts';
import { answerOf, type RunScript } from './mock-response.ts';

/** The default configuration's id: one per doc, so concurrent first reads cannot create two. */
export function defaultMockId(docId: string): string {
  return `d${docId}`;
}

const DEFAULT_HEADERS = JSON.stringify([{ name: 'Content-Type', value: 'application/json;charset=UTF-8' }]);

/**
 * Creates the doc's default configuration from its response params, or merges its fixed body with them
 * (new fields added, removed ones dropped, values kept unless their type changed). Returns the current row.
 */
export async function syncDefaultMock(db: Db, docId: string, content: string): Promise<MockRow | undefined> {
  const doc = readDocument(content);
  const id = defaultMockId(docId);
  const existing = await findMock(db, id);
  const now = nowIso();
  if (!existing) {
    await insertMockIfAbsent(db, {
      id,
      docId,
      name: 'default',
      version: 0,
      isDefault: 1,
      path: '',
      pathKey: '',
      requestDataType: 0,
      dataKv: '[]',
      dataJson: '',
      requestHeaders: '[]',
      httpStatus: 200,
      delayMs: 0,
      responseHeaders: DEFAULT_HEADERS,
      resultType: 0,
      responseBody: mergedBodyText('', doc),
      mockScript: '',
      remark: '',
      createdBy: '',
      updatedBy: '',
      createdAt: now,
      updatedAt: now,
    });
    return findMock(db, id);
  }
  // A person who turned the default into a script or template owns its body from then on.
  if (existing.resultType !== 0) return existing;
  const merged = mergedBodyText(existing.responseBody, doc);
  if (merged === existing.responseBody) return existing;
  await updateMock(db, id, { responseBody: merged });
  return { ...existing, responseBody: merged };
}

/** `GET /api/doc/mock/list`: the doc's configurations, its default one kept in step with the doc. */
export async function listDocMocks(
  c: Caller,
  docId: string,
  origin: string | undefined,
): Promise<MockConfig[]> {
  const doc = await loadDocRow(c, docId, 'read');
  if (doc.isFolder !== 1) await syncDefaultMock(c.db, docId, doc.content);
  const rows = await listMocks(c.db, docId);
  const owners = await pathKeyOwners(c.db, [
    ...rows.map((row) => row.pathKey),
    ...rows.map((row) => bareKey(row.pathKey)),
  ]);
  return rows.map((row) => presentMock(row, origin, answersAt(row.pathKey, doc.moduleId, owners)));
}

/** `GET /api/doc/mock/base`: where the application's docs answer as mocks (for its readers). */
export async function mockBaseOf(c: Caller, moduleId: string, origin: string | undefined): Promise<MockBase> {
  const module = await loadDocModule(c, moduleId, 'read');
  return { moduleId: module.id, mockBaseUrl: `${origin ?? ''}${mockBasePath(module.id)}` };
}

/** `GET /api/doc/mock/version/next`. */
export async function nextMockVersion(c: Caller, docId: string): Promise<number> {
  await loadDocRef(c, docId, 'read');
  return (await maxMockVersion(c.db, docId)) + 1;
}

type SaveInput = z.output<typeof MockSaveRequest>;

function columnsOf(input: SaveInput) {
  return {
    name: input.name,
    path: input.path,
    pathKey: input.path,
    requestDataType: input.requestDataType,
    dataKv: JSON.stringify(input.dataKv),
    dataJson: input.dataJson.trim(),
    requestHeaders: JSON.stringify(input.requestHeaders),
    httpStatus: input.httpStatus,
    delayMs: input.delayMills,
    responseHeaders: JSON.stringify(input.responseHeaders),
    resultType: input.resultType,
    responseBody: input.responseBody,
    mockScript: input.mockScript,
    remark: input.remark,
  };
}

/** `POST /api/doc/mock/save`: updates the doc's configuration `id`, or creates one (Torna: unknown id creates). */
export async function saveMock(c: Caller, input: SaveInput): Promise<MockSaved> {
  const doc = await loadDocRef(c, input.docId, 'write');
  const now = nowIso();
  // The first application to save a path holds it at `/mock/<path>` for good; a later one answers there never.
  if (input.path) await claimPathKey(c.db, input.path, doc.moduleId, now);
  const existing = input.id ? await findMock(c.db, input.id) : undefined;
  if (existing && existing.docId === input.docId) {
    await updateMock(c.db, existing.id, {
      ...columnsOf(input),
      version: input.version ?? existing.version,
      updatedBy: c.actor.user.id,
      updatedAt: now,
    });
    return { id: existing.id, name: input.name };
  }
  const id = newId();
  await insertMock(c.db, {
    id,
    docId: input.docId,
    version: input.version ?? (await maxMockVersion(c.db, input.docId)) + 1,
    isDefault: 0,
    ...columnsOf(input),
    createdBy: c.actor.user.id,
    updatedBy: c.actor.user.id,
    createdAt: now,
    updatedAt: now,
  });
  return { id, name: input.name };
}

/** `POST /api/doc/mock/delete`. The default configuration stays: it is regenerated from the doc anyway. */
export async function removeMock(c: Caller, id: string): Promise<void> {
  const row = await findMock(c.db, id);
  if (!row) throw new AppError('mock.not_found');
  await loadDocRef(c, row.docId, 'write');
  if (row.isDefault === 1) throw new AppError('mock.default_undeletable');
  await deleteMock(c.db, id);
}

/** `POST /api/doc/mock/run`: what a request like the sample would get, without the delay. */
export async function runMock(
  c: Caller,
  input: z.output<typeof MockRunRequest>,
  runScript: RunScript,
  lang: string,
): Promise<MockRunResult> {
  await loadDocRef(c, input.docId, 'read');
  const { sample } = input;
  let body: unknown = sample.body;
  try {
    body = sample.body.trim() ? JSON.parse(sample.body) : '';
  } catch {
    body = sample.body;
  }
  const headers = Object.fromEntries(Object.entries(sample.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const answer = await answerOf(
    { ...input, responseHeaders: input.responseHeaders },
    { method: 'GET', path: input.path, params: sample.query, body: body as never, headers },
    runScript,
    lang,
  );
  return {
    status: answer.status,
    headers: answer.headers,
    body: answer.body,
    logs: answer.logs,
    error: answer.error,
  };
}
