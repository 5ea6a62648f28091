/**
 * Converters of outside sources into a SourceTree (node-only: they pull in yaml and markdown-it; the
 * browser-safe package index does not export them). Import with `@quire/api-model/converters`.
 */
export { ImportError, type ImportErrorKey } from './import-error.ts';
export { markdownToModel } from './markdown-to-model.ts';
export {
  listOperations,
  type OpenApiOptions,
  type StreamedEnds,
  openApiToModel,
  openApiSteps,
  openApiToModelAsync,
  openApiVersion,
} from './openapi-to-model.ts';
export { rowBudget } from './openapi/operation.ts';
export { parseApiText, SOURCE_MAX_BYTES, YAML_MAX_ALIASES } from './parse-text.ts';
export { isPostmanCollection, postmanToModel } from './postman-to-model.ts';
