import type { SourceNode, SourceTree } from '@quire/api-model';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDocWorld,
  type DocWorld,
  detailOf,
  docsWithDocument,
  saveDoc,
} from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { revisionRow } from '../docs/docs.repository.ts';
import { reindexWaiting } from '../view/search-index.service.ts';
import { discardRevisionsWrittenAhead } from './deferred-sync.ts';
import { doc, folder, syncTree, tree } from './doc-sync.fixture.ts';
import * as switches from './switch.repository.ts';

// The switch's UPDATE of the docs, to look at the database from outside while the switch runs.
vi.mock('./switch.repository.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./switch.repository.ts')>();
  return { ...original, updateDocsTogether: vi.fn(original.updateDocsTogether) };
});
const updateDocs = vi.mocked(switches.updateDocsTogether);
const { updateDocsTogether: realUpdateDocs } =
  await vi.importActual<typeof import('./switch.repository.ts')>('./switch.repository.ts');

/*
 * A re-import on SQLite writes its changed docs' new revisions ahead of its switch (deferred-writes.ts),
 * numbered one past their doc's revision. These prove the rows are there before the switch and shown by no
 * reader until it, that a save of such a doc takes the number, that rows no switch published (a crash)
 * go at the next start and are never published by a later re-import, and that the docs' search columns,
 * emptied ahead as well, come back whatever happens.
 */
describe('revisions written ahead of a re-import switch, on SQLite', () => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    updateDocs.mockImplementation(realUpdateDocs);
  });

  const source = (label: string) =>
    tree([
      folder(
        'Orders',
        Array.from({ length: 30 }, (_, i) => doc(`${label} ${i}`, 'GET', `/orders/${i}`)),
      ),
    ]);
  const reimport = (from: SourceTree) =>
    syncTree(t.db, w.moduleId, from, { replace: true, override: false }, { source: 'import' });
  const docId = async (url: string) =>
    (
      await t.db
        .selectFrom('docs')
        .select('id')
        .where('moduleId', '=', w.moduleId)
        .where('url', '=', url)
        .executeTakeFirstOrThrow()
    ).id;
  const history = async (id: string) =>
    (
      await expectOk<Array<{ revision: number; source: string }>>(
        t.get(`/api/doc/revision/list?docId=${id}`, { token: w.token }),
      )
    ).map((row) => `${row.revision} ${row.source}`);
  const revisionName = async (id: string, revision: number) => {
    const response = await t.get(`/api/doc/revision/get?docId=${id}&revision=${revision}`, {
      token: w.token,
    });
    if (response.statusCode !== 200) return envelopeOf(response).code;
    return envelopeOf<{ doc: { name: string } }>(response).data.doc.name;
  };
  /** Rows of the application's docs numbered past their doc's revision. */
  const ahead = async () =>
    (
      await t.db
        .selectFrom('docRevisions')
        .innerJoin('docs', 'docs.id', 'docRevisions.docId')
        .select(['docRevisions.docId', 'docRevisions.revision', 'docRevisions.snapshot'])
        .where('docs.moduleId', '=', w.moduleId)
        .whereRef('docRevisions.revision', '>', 'docs.revision')
        .execute()
    ).map((row) => ({ ...row, name: (JSON.parse(row.snapshot) as { name: string }).name }));
  /** Writes a revision ahead of a doc as a re-import would, named `name`. */
  const writeAhead = async (id: string, name: string) => {
    const { revision } = await detailOf(t, w.token, id);
    const snapshot = JSON.stringify({ ...(await detailOf(t, w.token, id)), name });
    await switches.insertPendingRevisions(t.db, [
      revisionRow({
        docId: id,
        revision: revision + 1,
        snapshot,
        remark: '',
        source: 'import',
        changes: [],
        actorId: 'test',
        now: new Date().toISOString(),
      }),
    ]);
    return revision + 1;
  };

  it('writes the changed docs’ revisions before the switch, where no reader sees them until it', async () => {
    await reimport(source('First'));
    const target = await docId('/orders/3');
    let during: { ahead: number; history: string[]; next: string } | undefined;
    updateDocs.mockImplementationOnce(async (db, updates) => {
      // Inside the switch, before it bumps the docs: read on the main connection, as any request would.
      during = {
        ahead: (await ahead()).length,
        history: await history(target),
        next: await revisionName(target, 2),
      };
      return await realUpdateDocs(db, updates);
    });
    expect(await reimport(source('Second'))).toMatchObject({ updated: 30 });
    expect(during).toEqual({ ahead: 30, history: ['1 import'], next: 'doc.revision_not_found' });
    expect(await history(target)).toEqual(['2 import', '1 import']);
    expect(await revisionName(target, 2)).toBe('Second 3');
    expect(await ahead()).toEqual([]);
  });

  it('lets a save take the number a re-import wrote ahead', async () => {
    await reimport(source('First'));
    const target = await docId('/orders/4');
    const number = await writeAhead(target, 'Ahead 4');
    expect(await history(target)).toEqual(['1 import']);
    const current = await detailOf(t, w.token, target);
    const saved = await saveDoc(t, w.token, {
      id: target,
      revision: current.revision,
      moduleId: w.moduleId,
      name: 'Saved 4',
      url: '/orders/4',
      httpMethod: 'GET',
    });
    expect(saved.revision).toBe(number);
    expect(await revisionName(target, number)).toBe('Saved 4');
    expect(await history(target)).toEqual([`${number} web`, '1 import']);
  });

  it('keeps the last description of a folder the re-import makes and meets again', async () => {
    await reimport(source('First'));
    const described = (description: string): SourceNode => ({
      kind: 'folder',
      name: 'Refunds',
      description,
      children: [doc(`Refund ${description}`, 'POST', `/refunds/${description}`)],
    });
    await reimport({
      ...source('First'),
      nodes: [...source('First').nodes, described('first'), described('second')],
    });
    const refunds = await t.db
      .selectFrom('docs')
      .select('id')
      .where('moduleId', '=', w.moduleId)
      .where('name', '=', 'Refunds')
      .executeTakeFirstOrThrow();
    const row = await docsWithDocument(t)
      .select('cur.snapshot as content')
      .where('docs.id', '=', refunds.id)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(row.content) as { description: string }).description).toBe('second');
  });

  it('discards at start what a crash left written ahead, and a re-import never publishes it', async () => {
    await reimport(source('First'));
    const kept = await docId('/orders/5');
    const other = await docId('/orders/6');
    await writeAhead(kept, 'Left by a crash 5');
    await writeAhead(other, 'Left by a crash 6');
    // A re-import of the application first: it plans from its own source and publishes only that.
    await reimport(source('Second'));
    expect(await revisionName(kept, 2)).toBe('Second 5');
    expect(await ahead()).toEqual([]);
    // The start's sweep, for applications nobody re-imports.
    await writeAhead(other, 'Left by a crash 6');
    expect((await ahead()).map((row) => row.name)).toEqual(['Left by a crash 6']);
    await discardRevisionsWrittenAhead(t.db);
    expect(await ahead()).toEqual([]);
    expect(await history(other)).toEqual(['2 import', '1 import']);
  });

  it('empties the changed docs’ search columns before the switch, while users still find them; a failed plan fills them back', async () => {
    await reimport(source('First'));
    /** The application's docs whose search columns are empty. */
    const emptied = async () =>
      (
        await t.db
          .selectFrom('docs')
          .select('id')
          .where('moduleId', '=', w.moduleId)
          .where('isFolder', '=', 0)
          .where((eb) => eb.or([eb('searchText', '=', ''), eb('searchWords', '=', '')]))
          .execute()
      ).length;
    const found = async (q: string) =>
      (await expectOk<Array<{ name: string }>>(t.get(`/api/doc/search?q=${q}&limit=50`, { token: w.token })))
        .length;
    expect(await found('first')).toBe(30);
    let during: { emptied: number; found: number } | undefined;
    updateDocs.mockImplementationOnce(async (db, updates) => {
      during = { emptied: await emptied(), found: await found('first') };
      return await realUpdateDocs(db, updates);
    });
    await reimport(source('Second'));
    // Before the switch: every changed row was small, and the full-text tables still answered as before.
    expect(during).toEqual({ emptied: 30, found: 30 });
    expect(await emptied()).toBe(0);
    expect(await found('second')).toBe(30);
    expect(await found('first')).toBe(0);

    updateDocs.mockImplementationOnce(async () => {
      throw new Error('the switch failed');
    });
    await expect(reimport(source('Third'))).rejects.toThrow('the switch failed');
    // Filled back from the documents (still the second ones), and nothing waits for the index.
    expect(await emptied()).toBe(0);
    expect(await reindexWaiting(t.db)).toBe(0);
    expect(await found('second')).toBe(30);
    expect(await found('third')).toBe(0);
  });
});
