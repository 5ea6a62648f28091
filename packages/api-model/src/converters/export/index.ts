/*
 * Exporters (Markdown, OpenAPI 3.1, Postman, Word, zip), on their own subpath `@quire/api-model/export`:
 * importing the converters (the import worker does, under a heap limit) must not load the Word library.
 */
export {
  type ExportSource,
  isHttpDoc,
  type PlacedDoc,
  placedDocs,
  safeFileName,
} from './export-source.ts';
export { ENGLISH_LABELS, type ExportLabels } from './labels.ts';
export { docMarkdown, exportMarkdown } from './to-markdown.ts';
export { docModelMarkdown, type ModelDocOptions } from './to-model-markdown.ts';
export { exportOpenApi, type OpenApiExport, openApiText } from './to-openapi.ts';
export { exportPostman, POSTMAN_SCHEMA, type PostmanOptions } from './to-postman.ts';
export { exportWord, WORD_ROWS_MAX, wordRowCount } from './to-word.ts';
export { type ZipEntry, zipByFolder } from './zip.ts';
