import { debugErrorStatus } from './debug-errors.ts';

/**
 * Every failure code the web API answers, with the HTTP status that goes with it.
 * The `msg` of an answer is the code's text in the caller's language (i18n `errors` namespace).
 */
export const errorStatus = {
  /** Not logged in, or the token is unknown, expired, forged or revoked. */
  '1000': 401,
  /** The account must set a new password before doing anything else. */
  '2000': 403,
  'validation.invalid_input': 400,
  'http.malformed_json': 400,
  'http.unsupported_media_type': 415,
  'http.not_found': 404,
  'http.payload_too_large': 413,
  'http.too_many_requests': 429,
  internal: 500,
  'auth.bad_credentials': 401,
  'auth.login_throttled': 429,
  'auth.account_disabled': 403,
  'auth.registration_closed': 403,
  'auth.forbidden': 403,
  'auth.old_password_wrong': 400,
  'auth.password_not_required': 409,
  'auth.third_party_password': 400,
  'auth.login_key_invalid': 400,
  'user.username_taken': 409,
  'user.not_found': 404,
  'message.not_found': 404,
  'space.not_found': 404,
  'space.name_taken': 409,
  'space.last_admin': 409,
  'space.member_not_found': 404,
  'space.is_compose': 400,
  'project.not_found': 404,
  'project.name_taken': 409,
  'project.member_not_in_space': 400,
  'project.member_not_found': 404,
  'module.not_found': 404,
  'module.name_taken': 409,
  'environment.not_found': 404,
  'environment.name_taken': 409,
  'open_user.not_found': 404,
  'doc.not_found': 404,
  'doc.stale': 409,
  'doc.duplicate': 409,
  'doc.folder_not_found': 404,
  'doc.folder_name_taken': 409,
  'doc.not_folder': 400,
  'doc.is_folder': 400,
  'doc.move_cycle': 400,
  'doc.too_deep': 400,
  'doc.revision_not_found': 404,
  'enum.not_found': 404,
  'enum.name_taken': 409,
  'enum.item_not_found': 404,
  'enum.item_name_taken': 409,
  'code.duplicate': 400,
  'admin.self_change': 400,
  'i18n.content_invalid': 400,
  'i18n.pack_not_found': 404,
  'i18n.lang_unknown': 400,
  'i18n.pack_in_use': 409,
  'trash.not_found': 404,
  'trash.parent_deleted': 409,
  'trash.module_deleted': 409,
  'trash.doc_taken': 409,
  'import.url_invalid': 400,
  'import.source_required': 400,
  'import.file_required': 400,
  'import.one_file': 400,
  'import.no_source': 400,
  'import.busy': 409,
  'import.other_project': 400,
  'job.not_found': 404,
  'mock.not_found': 404,
  'mock.default_undeletable': 409,
  ...debugErrorStatus,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** True when a string is one of the known error codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorStatus, code);
}
