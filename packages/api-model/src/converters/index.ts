/**
 * Converters of outside sources into a SourceTree (node-only: they pull in yaml and markdown-it; the
 * browser-safe package index does not export them). Import with `@quire/api-model/converters`.
 */
export { ImportError, type ImportErrorKey } from './import-error.ts';
export { markdownToModel } from './markdown-to-model.ts';
export {
  listOperations,
  type OpenApiOptions,
  openApiToModel,
  openApiToModelAsync,
  openApiVersion,
} from './openapi-to-model.ts';
export { parseApiText, SOURCE_MAX_BYTES, YAML_MAX_ALIASES } from './parse-text.ts';
export { isPostmanCollection, postmanToModel } from './postman-to-model.ts';
export {
  type ExportSource,
  isHttpDoc,
  type PlacedDoc,
  placedDocs,
  safeFileName,
} from './export/export-source.ts';
export { ENGLISH_LABELS, type ExportLabels } from './export/labels.ts';
export { docMarkdown, exportMarkdown } from './export/to-markdown.ts';
export { exportOpenApi, type OpenApiExport, openApiText } from './export/to-openapi.ts';
export { exportPostman, POSTMAN_SCHEMA, type PostmanOptions } from './export/to-postman.ts';
export { exportWord, WORD_ROWS_MAX, wordRowCount } from './export/to-word.ts';
export { type ZipEntry, zipByFolder } from './export/zip.ts';
