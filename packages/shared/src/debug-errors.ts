/**
 * Failure codes of the debug panel, its proxy and its scripts, with their HTTP statuses. Kept beside
 * `errors.ts` (which spreads them in) so the feature's codes read in one place.
 */
export const debugErrorStatus = {
  'debug.doc_id_required': 400,
  'debug.target_url_required': 400,
  'debug.target_url_invalid': 400,
  'debug.target_headers_invalid': 400,
  'debug.body_invalid': 400,
  'debug.disabled': 403,
  'debug.target_outside': 403,
  'debug.address_refused': 403,
  'debug.timeout': 504,
  'debug.too_large': 502,
  'debug.too_many_redirects': 502,
  'debug.upstream_failed': 502,
  'debug.script_not_found': 404,
  'debug.value_too_large': 413,
} as const;
