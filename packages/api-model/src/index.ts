/** Pure domain logic of API docs: no database, no HTTP. Browser-safe parts only are re-exported here. */

export {
  type AppliedRow,
  type AppliedTables,
  applyGlobals,
  DATA_NODE,
  type DocGlobals,
  hasDataNode,
} from './apply-globals.ts';
export {
  type ApiChange,
  type ApiDiff,
  CHANGE_LEVELS,
  type ChangeLevel,
  type ChangeReport,
  changeReport,
  type ChangeWhere,
  compareOperation,
  compareOperations,
  type DiffSummary,
  formatDiff,
  type OperationDiff,
  type OperationVersion,
  operationKey,
  operationsOfTree,
  RULES,
  type RuleId,
  summarizeDiff,
  summaryLine,
  worstLevel,
} from './api-diff/index.ts';
export { type ChangeSummary, isEmptySummary, summarizeChanges } from './change-summary.ts';
export {
  type TornaPush,
  TornaPushError,
  tornaEnumToModel,
  tornaPushToModel,
  wireFlag,
  wireText,
} from './converters/torna-push-to-model.ts';
export { type DocChange, diffDocs, PARAM_ATTRS, type ParamAttr, type ParamAttrs } from './diff-docs.ts';
export {
  codeSnippet,
  pythonLiteral,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
  shellQuote,
  URL_QUOTING,
  urlLiteralPart,
} from './examples/code-snippets.ts';
export {
  DEFAULT_EXAMPLES,
  type ExampleParam,
  exampleObject,
  exampleOf,
} from './examples/generate-example.ts';
export {
  commentText,
  joinUrl,
  type SampleRequest,
  type SampleSource,
  sampleRequestOf,
} from './examples/request-sample.ts';
export { pascalCase, type TypeParam, typeNameOf, typeScriptOf } from './examples/typescript-types.ts';
export {
  ImportMessages,
  importParamText,
  type ParamTextFormat,
  type ParamTextResult,
} from './import-param-text.ts';
export { type InferOptions, type InferResult, inferParams } from './infer-params.ts';
export {
  API_DOC_VERSION,
  type ApiDoc,
  ApiDocFields,
  type ApiDocInput,
  ApiDocSchema,
  DOC_SCALAR_FIELDS,
  type DocScalarField,
  isHttpMethod,
  newApiDoc,
} from './model/api-doc.ts';
export {
  ARRAY_ELEMENT_TYPES,
  type ArrayElementType,
  BASE_PARAM_TYPES,
  CONTENT_TYPES,
  DOC_TYPES,
  DocLimits,
  DocType,
  HTTP_METHODS,
  type HttpMethod,
  isDocType,
  ModelMessages,
  NOT_DEPRECATED,
  Ordering,
  PARAM_NAME_PATTERN,
  PARAM_TABLES,
  PARAM_TYPES,
  PARENT_PARAM_TYPES,
  ParamStyle,
  type ParamTable,
  type ParamType,
  RowDefaults,
} from './model/constants.ts';
export { descriptionKind, mapDocHtml, mapParamHtml, type TextKind } from './model/doc-html.ts';
export { checkDocRules } from './model/doc-rules.ts';
export { flag, limitMessage, line, optionalId, requiredLine, text } from './model/fields.ts';
export { ApiDocParseError, parseApiDoc, safeParseApiDoc } from './model/migrate-api-doc.ts';
export {
  type DubboInfo,
  DubboInfoSchema,
  ErrorCodeListSchema,
  type ErrorCodeRow,
  ErrorCodeSchema,
  ParamListSchema,
  type ParamRow,
  type ParamRowInput,
  ParamTypeSchema,
} from './model/param.ts';
export {
  buildParamTree,
  countParams,
  type FlatParamRow,
  flattenParams,
  type IssuePath,
  type ModelIssue,
  mapParamRows,
  type TreeResult,
  unflattenParams,
  walkParams,
  withParamIds,
} from './model/param-tree.ts';
export { isParamType, normalizeParamType } from './model/param-types.ts';
export { plainText, searchSourceOf, searchTextOf } from './model/search-text.ts';
export { searchWordsOf, wordsOf } from './model/search-words.ts';
export type {
  PreparedDocRow,
  PreparedSearch,
  SourceDocNode,
  SourceEnum,
  SourceEnvironment,
  SourceFolder,
  SourceNode,
  SourceTree,
  SyncCounts,
  SyncMode,
} from './sync/source-tree.ts';
export { countEntryDocs, type SourceEntry, sourceEntries } from './sync/source-entries.ts';
