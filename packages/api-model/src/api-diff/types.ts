import type { ApiDoc } from '../model/api-doc.ts';
import type { ParamRow } from '../model/param.ts';
import type { ChangeLevel, RuleId } from './rules.ts';

/** Where in an operation a change sits. `status`: a response status (an error-code row of the doc model). */
export type ChangeWhere = 'operation' | 'path' | 'query' | 'header' | 'body' | 'response' | 'status';

/** One change of one operation, decided by one rule. */
export interface ApiChange {
  rule: RuleId;
  level: ChangeLevel;
  where: ChangeWhere;
  /** The field's dotted path from the top of its place (`data.items.sku`), the status, or '' for the operation. */
  path: string;
  /** The old and new value in short text, when the rule compares values (a type, an enum value, a path). */
  before?: string | undefined;
  after?: string | undefined;
}

/** One version of one operation, as the diff reads it. */
export interface OperationVersion {
  /**
   * A stable id of the operation across versions (a doc id), when both sides have one: the pair is made by it
   * first, so a changed path or method is reported as such. Without it the pair is made by method and path.
   */
  id?: string | undefined;
  doc: ApiDoc;
  /** The values of a dictionary-linked row whose `enumContent` is empty (the module's dictionaries). */
  enumValues?: ((row: ParamRow) => ReadonlyArray<string> | undefined) | undefined;
}

/** The verdict on one operation. */
export interface OperationDiff {
  /** `METHOD path` of the new version (of the old one when removed). */
  key: string;
  id?: string | undefined;
  method: string;
  url: string;
  name: string;
  kind: 'added' | 'removed' | 'changed';
  /** The most severe level of its changes. */
  level: ChangeLevel;
  /** Breaking changes first, then non-breaking, then docs. */
  changes: ApiChange[];
}

export interface DiffSummary {
  operations: { added: number; removed: number; changed: number };
  /** Changes per level over every operation. */
  levels: Record<ChangeLevel, number>;
  /** Operations with at least one breaking change. */
  breakingOperations: number;
}

export interface ApiDiff {
  /** Breaking operations first, then by key. */
  operations: OperationDiff[];
  summary: DiffSummary;
}
