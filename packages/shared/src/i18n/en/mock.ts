/** Error messages of the mock configuration calls (merged into `errors`). */
export const mockErrors = {
  'mock.not_found': 'No such mock configuration for this doc',
  'mock.default_undeletable':
    'The default mock follows the response params and cannot be deleted; change it or add another',
};

/** The doc page's Mock tab and what mock URLs answer. */
export const mock = {
  tab: 'Mock',
  add: 'Add mock',
  defaultName: 'default',
  mockUrl: 'Mock URL',
  copy: 'Copy',
  copied: 'Copied',
  run: 'Run',
  running: 'Running…',
  save: 'Save',
  delete: 'Delete',
  deleteCurrent: 'Delete "{0}"',
  deleteConfirm: 'Delete the mock "{0}"?',
  name: 'Name',
  path: 'Path',
  pathHelp:
    'Answers at /mock/<path> unless another application saved that path first (then at /mock/<id>); may end with ?a=1 to match that query. Empty: by id only. Under the mock base, the query counts as a condition.',
  baseTitle: 'Mock base URL',
  baseHelp:
    "Every doc of this application answers at its own method and path under this URL (GET …/orders/o_1 reaches the doc GET /orders/:id): switch your front end's base URL to it, or choose the Mock environment when debugging. A doc answers with its mock whose conditions match, else its default mock. Only this application's docs answer here.",
  baseLoadFailed: 'Could not load the mock base URL',
  envName: 'Mock',
  docBaseUrl: "This doc under the application's mock base",
  headersHelp:
    'Not allowed: Set-Cookie, Clear-Site-Data, Refresh, Link, Service-Worker-Allowed, and the security and CORS headers the server sets. Content types: JSON, text, XML and images are sent as they are; PDF, archives, audio, video and fonts as attachments; HTML, JavaScript, CSS and SVG are refused.',
  conditions: 'Request must match',
  conditionsHelp: 'Only requests with these fields (query or form), JSON body and headers get this mock.',
  dataKv: 'Query or form fields',
  dataJson: 'JSON body contains',
  requestHeaders: 'Request headers',
  httpStatus: 'HTTP status',
  delay: 'Delay (ms, at most 10,000)',
  responseHeaders: 'Response headers',
  headerName: 'Name',
  headerValue: 'Value',
  addRow: 'Add',
  removeRow: 'Remove',
  resultType: 'Response body',
  resultFixed: 'Fixed JSON/text',
  resultScript: 'Script',
  resultTemplate: 'Mock.js template',
  scriptHelp:
    'Runs for every request in a sandbox (100 ms, 32 MB). Has $params, $body, $headers, Mock, Random, $date, md5, sha256, hmac, base64Encode, uuid; return the body or {status, headers, body}.',
  templateHelp: 'A Mock.js template, e.g. {"list|1-10": [{"id|+1": 1, "name": "@name"}]}',
  remark: 'Remark',
  empty: 'No mock yet',
  loadFailed: 'Could not load the mocks',
  result: 'What a request gets',
  logs: 'Console',
  defaultTag: 'generated',
  // Answers of /mock/** (the request's language: zh-CN by default).
  notConfigured: "No mock matches {0}: add one on the doc's Mock tab (path, or the request data conditions)",
  wrongOrigin: 'Mock URLs are served at {0}',
  scriptError: 'Mock script error',
  noReturn: 'No data returned, is return missing?',
  runError: 'run error',
  busy: 'The mock sandbox is busy, try again',
};
