export { byLevel, compareOperation, isDeprecated } from './compare-operation.ts';
export { compareOperations, operationKey, summarizeDiff } from './compare-operations.ts';
export { enumList, normalizeUrl } from './flatten.ts';
export { CHANGE_LEVELS, type ChangeLevel, RULES, type RuleId, worstLevel } from './rules.ts';
export type {
  ApiChange,
  ApiDiff,
  ChangeWhere,
  DiffSummary,
  OperationDiff,
  OperationVersion,
} from './types.ts';
export { operationsOfTree } from './source-operations.ts';
export { formatDiff, summaryLine } from './format-text.ts';
export { type ChangeReport, changeReport } from './change-report.ts';
