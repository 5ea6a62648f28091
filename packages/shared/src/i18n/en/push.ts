/** Strings of the open API (`POST /api`, Torna's push format) and of application push tokens. */
export const push = {
  // Messages the open API answers (`msg`), `{0}` filled by the server.
  success: 'success',
  unknownMethod: 'Unknown method "{0}" (version {1}). Methods: {2}',
  invalidParams: 'Invalid parameters: {0}',
  bodyNotJson: 'The body is not a JSON object: send {"name", "version", "data", "access_token"}',
  nameMissing: '"name" is missing: say which method to call, for example doc.push',
  dataNotJson: '"data" is not JSON (send it as URL-encoded JSON text, plain JSON text or an object)',
  tooLarge:
    'The body is larger than {0}, the limit of the open API; split the push (isReplace=0 for all but the first)',
  tooDeep: 'The data is nested deeper than {0} levels',
  tokenMissing:
    '"access_token" is missing: send the push token of the application (application settings > Push token)',
  tokenInvalid: '"access_token" is not valid: it is unknown, was refreshed, or its application was deleted',
  signMissing: 'This application requires a signature: send "app_key" and "sign"',
  appKeyInvalid: '"app_key" {0} is unknown, disabled, or not an open user of this application\'s space',
  appKeyNoSecret: "The open user {0} has no signing secret yet: reset its secret in the space's open users",
  signInvalid:
    '"sign" does not verify: upper-case MD5 of secret + sorted name/value pairs (sign left out) + secret',
  timestampMissing:
    'This application requires a signature: send "timestamp" (yyyy-MM-dd HH:mm:ss in the server\'s time zone, an ISO time with its offset, or epoch milliseconds)',
  timestampExpired:
    '"timestamp" {0} is more than {1} minutes from the server\'s time: sign each request when it is sent (a signed request cannot be replayed later)',
  systemError: 'System error: the server log has the details (request {0})',
  docNotFound: 'No doc {0} in this application',
  folderNotFound: 'No folder {0} in this application',
  folderNameTaken: 'A folder named "{0}" already exists there',
  nameRequired: '"name" is required',
  apisList: '"apis" is missing or not a list: send the folders and docs to push',
  urlInvalid: '"url" must be an http(s) address, not "{0}"',
  swaggerInvalid: 'The Swagger/OpenAPI text cannot be read: {0}',
  // The push token card of the application settings.
  tokenTitle: 'Push token',
  tokenIntro:
    "Tools such as smart-doc, Torna's plugins and SDK, and the quire push command send docs to {0} with this token. It works for this application only.",
  tokenNone: 'This application has no push token yet.',
  tokenExists: 'Created {0} by {1}. Last used: {2}.',
  tokenNeverUsed: 'never',
  tokenCreate: 'Create token',
  tokenRefresh: 'Refresh token',
  tokenRefreshConfirm: 'Refresh the push token?',
  tokenRefreshWarning:
    'The current token stops working at once: every build that pushes with it must get the new one.',
  tokenShownOnce: 'Copy the token now: Quire keeps only a hash of it and cannot show it again.',
  tokenCommand: 'Push an OpenAPI or Swagger file from a CI job:',
  tokenSmartDoc: 'smart-doc (smart-doc.json): "openUrl": "{0}", "appToken": "<token>"',
  tokenReadOnly: 'Only developers and admins of the project see and refresh the push token.',
  requireSignature: 'Require a signature',
  requireSignatureHint:
    "The open API also asks for the app_key of an enabled open user of this space and a sign made with its secret (smart-doc's appKey and secret).",
};
