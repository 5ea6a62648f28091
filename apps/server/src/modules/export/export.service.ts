import {
  docMarkdown,
  ENGLISH_LABELS,
  type ExportLabels,
  type ExportSource,
  exportMarkdown,
  exportOpenApi,
  exportPostman,
  exportWord,
  openApiText,
  placedDocs,
  safeFileName,
  WORD_ROWS_MAX,
  wordRowCount,
  type ZipEntry,
  zipByFolder,
} from '@quire/api-model/export';
import type { DocExportRequest } from '@quire/shared';
import type { z } from 'zod';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../http/lang.ts';
import { loadDocModule } from '../docs/doc-access.ts';
import { findDocRef } from '../docs/docs.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import type { TokenModule } from '../open-api/module-tokens.service.ts';
import { loadExportSource } from './export-source.service.ts';

/** A file an export answers. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string | Uint8Array;
}

type ExportInput = z.output<typeof DocExportRequest>;

/** The exporters' words in the caller's language (the `exportDoc` i18n namespace). */
function labelsOf(lang: string): ExportLabels {
  const out = { ...ENGLISH_LABELS };
  for (const key of Object.keys(out) as Array<keyof ExportLabels>)
    out[key] = translate(lang, 'exportDoc', key);
  return out;
}

/** The application a request names, by `moduleId` or by the first of its `docIds`; read access checked. */
async function moduleOf(c: Caller, input: ExportInput) {
  let moduleId = input.moduleId;
  if (!moduleId) {
    const first = input.docIds?.[0];
    if (!first) throw new AppError('export.no_docs');
    const ref = await findDocRef(c.db, first);
    if (!ref) throw new AppError('doc.not_found');
    moduleId = ref.moduleId;
  }
  return loadDocModule(c, moduleId, 'read');
}

/** `POST /api/doc/export`: the file of the chosen docs in the chosen format. */
export async function exportDocs(c: Caller, input: ExportInput, lang: string): Promise<ExportFile> {
  if (input.format === 'html') throw new AppError('export.format_unavailable', { args: ['HTML'] });
  if (input.docIds && input.docIds.length === 0) throw new AppError('export.no_docs');
  const module = await moduleOf(c, input);
  // Documents print one URL per ticked environment, as Torna's export dialog asks for them.
  const printsUrls = input.format === 'markdown' || input.format === 'word';
  if (printsUrls && !input.environmentIds.length && (await listEnvironments(c.db, module.id)).length)
    throw new AppError('export.environments_required');
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    docIds: input.docIds,
    environmentIds: input.environmentIds.length ? input.environmentIds : undefined,
  });
  const labels = labelsOf(lang);
  const base = safeFileName(module.name);
  switch (input.format) {
    case 'markdown':
      if (input.style === 'perDoc')
        return perDoc(source, base, 'md', async (placed) =>
          docMarkdown(placed, source.environments, labels, 1),
        );
      return {
        fileName: `${base}.md`,
        contentType: 'text/markdown; charset=utf-8',
        body: exportMarkdown(source, labels),
      };
    case 'word': {
      const rows = wordRowCount(source);
      if (rows > WORD_ROWS_MAX) throw new AppError('export.too_large', { args: [rows, WORD_ROWS_MAX] });
      if (input.style === 'perDoc')
        return perDoc(source, base, 'docx', (placed) =>
          exportWord({ ...source, title: placed.node.doc.name, nodes: [placed.node] }, labels),
        );
      return { fileName: `${base}.docx`, contentType: DOCX, body: await exportWord(source, labels) };
    }
    case 'openapi': {
      const text = openApiText(exportOpenApi(source).document, input.openapiFormat);
      return input.openapiFormat === 'yaml'
        ? { fileName: `${base}.openapi.yaml`, contentType: 'application/yaml; charset=utf-8', body: text }
        : { fileName: `${base}.openapi.json`, contentType: 'application/json; charset=utf-8', body: text };
    }
    default:
      return postmanFile(source, base, true);
  }
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function perDoc(
  source: ExportSource,
  base: string,
  extension: string,
  render: (placed: ReturnType<typeof placedDocs>[number]) => Promise<string | Uint8Array>,
): Promise<ExportFile> {
  const entries: ZipEntry[] = [];
  for (const placed of placedDocs(source.nodes))
    entries.push({
      folders: placed.folders,
      name: placed.node.doc.name,
      extension,
      content: await render(placed),
    });
  return { fileName: `${base}.zip`, contentType: 'application/zip', body: zipByFolder(entries) };
}

function postmanFile(source: ExportSource, base: string, withHost: boolean): ExportFile {
  return {
    fileName: `${base}-postman.json`,
    contentType: 'application/json; charset=utf-8',
    body: `${JSON.stringify(exportPostman(source, { withHost }), null, 2)}\n`,
  };
}

/** `GET /api/doc/export/postman?moduleId=`: the whole application as a Postman collection (readers). */
export async function exportPostmanOfModule(c: Caller, moduleId: string): Promise<ExportFile> {
  const module = await loadDocModule(c, moduleId, 'read');
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    allowEmpty: true,
  });
  return postmanFile(source, safeFileName(module.name), true);
}

/** `GET /api/module/postman/{token}`: the token's application as a Postman collection, without a host. */
export async function exportPostmanOfToken(c: Pick<Caller, 'db'>, module: TokenModule): Promise<ExportFile> {
  const source = await loadExportSource(c.db, {
    moduleId: module.id,
    moduleName: module.name,
    allowEmpty: true,
  });
  return postmanFile(source, safeFileName(module.name), false);
}
