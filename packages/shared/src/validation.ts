import { z } from 'zod';

/**
 * Validation messages are i18n keys (namespace `validation`), so the server answers them in the caller's
 * language and web forms show the same words. A limit rides along after a bar (`validation.max|64`) and
 * fills `{0}`; see `splitMessageKey`.
 */
export const V = {
  requiredMax: 'validation.required_max',
  canNotEmpty: 'validation.can_not_empty',
  max: 'validation.max',
  min: 'validation.min',
  passwordNotSame: 'validation.password_not_same',
  errorContent: 'validation.error_content',
  email: 'validation.email',
  chooseDoc: 'validation.choose_doc',
  uploadFile: 'validation.upload_file',
  onlyOneFile: 'validation.only_one_file',
  invalid: 'validation.invalid',
  chooseEnv: 'validation.choose_env',
  role: 'validation.role',
  url: 'validation.url',
  pageSize: 'validation.page_size',
  noControl: 'validation.no_control',
  // The doc model's messages (`ModelMessages` of @quire/api-model) and the save call's.
  paramType: 'validation.param_type',
  rootArray: 'validation.root_array',
  jsonSample: 'validation.json_sample',
  paramCycle: 'validation.param_cycle',
  paramParent: 'validation.param_parent',
  paramDepth: 'validation.param_depth',
  rowsMax: 'validation.rows_max',
  revisionRequired: 'validation.revision_required',
} as const;

/** Joins a message key and the limit it reports. */
export function withLimit(key: string, limit: number): string {
  return `${key}|${limit}`;
}

/** Splits `key|limit` back into the i18n key and its `{0}` argument. */
export function splitMessageKey(message: string): { key: string; args: string[] } {
  const [key = '', ...args] = message.split('|');
  return { key, args };
}

/** A required trimmed string with a maximum length ("Can not empty and max-length is {0}"). */
export function requiredText(max: number) {
  return z
    .string({ error: withLimit(V.requiredMax, max) })
    .trim()
    .min(1, { error: withLimit(V.requiredMax, max) })
    .max(max, { error: withLimit(V.requiredMax, max) });
}

/** An optional trimmed string with a maximum length ("Max length is {0}"). */
export function optionalText(max: number) {
  return z
    .string({ error: withLimit(V.max, max) })
    .trim()
    .max(max, { error: withLimit(V.max, max) });
}

/** Field limits of accounts. */
export const AccountLimits = {
  usernameMax: 100,
  nicknameMax: 64,
  emailMax: 100,
  passwordMin: 6,
  passwordMax: 64,
} as const;

/** A password as typed by a person: no trimming, bounded length. */
export const Password = z
  .string({ error: withLimit(V.requiredMax, AccountLimits.passwordMax) })
  .min(AccountLimits.passwordMin, { error: withLimit(V.min, AccountLimits.passwordMin) })
  .max(AccountLimits.passwordMax, { error: withLimit(V.max, AccountLimits.passwordMax) });
