/**
 * The rules of the semantic diff: each change of an API is decided by exactly one rule, which fixes its level.
 * `breaking`: a consumer written against the old version may fail against the new one; `non-breaking`: it
 * keeps working; `docs`: only descriptions, names and examples moved. The ids are stable (CI output, stored
 * comparisons and the changelog name them), so rename none.
 */
export type ChangeLevel = 'breaking' | 'non-breaking' | 'docs';

export const CHANGE_LEVELS = [
  'breaking',
  'non-breaking',
  'docs',
] as const satisfies ReadonlyArray<ChangeLevel>;

export const RULES = {
  // Operations.
  'operation-removed': 'breaking',
  'operation-added': 'non-breaking',
  'path-changed': 'breaking',
  'method-changed': 'breaking',
  'operation-deprecated': 'non-breaking',
  'operation-undeprecated': 'non-breaking',
  'request-content-type-changed': 'breaking',
  'operation-name-changed': 'docs',
  'operation-description-changed': 'docs',
  'operation-author-changed': 'docs',
  'operation-visibility-changed': 'non-breaking',
  // Request params (path, query, header) and body fields.
  'request-param-added-required': 'breaking',
  'request-param-added': 'non-breaking',
  'request-param-removed': 'breaking',
  'request-param-made-required': 'breaking',
  'request-param-made-optional': 'non-breaking',
  'request-param-location-changed': 'breaking',
  'request-param-type-changed': 'breaking',
  'request-field-added-required': 'breaking',
  'request-field-added': 'non-breaking',
  'request-field-removed': 'non-breaking',
  'request-field-made-required': 'breaking',
  'request-field-made-optional': 'non-breaking',
  'request-field-type-changed': 'breaking',
  'request-body-type-changed': 'breaking',
  'request-enum-value-removed': 'breaking',
  'request-enum-value-added': 'non-breaking',
  'request-max-length-decreased': 'breaking',
  'request-max-length-changed': 'non-breaking',
  // Responses.
  'response-field-removed': 'breaking',
  'response-field-added': 'non-breaking',
  'response-field-made-optional': 'breaking',
  'response-field-made-required': 'non-breaking',
  'response-field-type-changed': 'breaking',
  'response-body-type-changed': 'breaking',
  'response-enum-value-added': 'non-breaking',
  'response-enum-value-removed': 'non-breaking',
  'response-status-removed': 'breaking',
  'response-status-added': 'non-breaking',
  'error-code-removed': 'non-breaking',
  'error-code-added': 'non-breaking',
  // Texts only.
  'description-changed': 'docs',
  'example-changed': 'docs',
  'error-code-description-changed': 'docs',
} as const satisfies Record<string, ChangeLevel>;

export type RuleId = keyof typeof RULES;

/** The more severe of two levels (breaking > non-breaking > docs). */
export function worstLevel(a: ChangeLevel, b: ChangeLevel): ChangeLevel {
  return CHANGE_LEVELS.indexOf(a) <= CHANGE_LEVELS.indexOf(b) ? a : b;
}
