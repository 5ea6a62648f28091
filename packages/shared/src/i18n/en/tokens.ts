/** Personal access tokens and the MCP connection (the account page `/user/tokens`). */
export const tokenErrors = {
  'token.not_found': 'This token does not exist',
  'token.not_allowed': 'A personal access token cannot do this; sign in to Quire to do it',
  'token.read_only': 'This personal access token is read-only',
  'token.too_many': 'You hold {0} tokens already; revoke one before creating another',
  'token.project_invalid': 'A chosen project does not exist or you cannot read it',
};

export const tokens = {
  menu: 'Access tokens',
  title: 'Personal access tokens',
  intro:
    'A token lets a script or a coding assistant (an MCP client) read the docs with your permissions. It never reaches the admin console and cannot change passwords or tokens.',
  create: 'New token',
  createTitle: 'New personal access token',
  name: 'Name',
  namePlaceholder: 'e.g. Claude Code on my laptop',
  expiry: 'Expires',
  expiryDays: 'In {0} days',
  expiryNever: 'Never',
  scope: 'Scope',
  scopeRead: 'Read only',
  scopeWrite: 'Read and write',
  scopeWriteHelp:
    'Read and write acts with your own rights; through MCP it may only improve doc descriptions.',
  projects: 'Projects',
  projectsPlaceholder: 'All projects I can read',
  projectsHelp: 'Leave empty for every project you can read, now and later.',
  allProjects: 'All projects',
  prefix: 'Token',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never',
  status: 'Status',
  statusActive: 'Active',
  statusExpired: 'Expired',
  statusRevoked: 'Revoked',
  revoke: 'Revoke',
  revokeNamed: 'Revoke token {0}',
  revokeConfirm: 'Revoke token "{0}"? Every client using it stops working at once.',
  revoked: 'Token revoked',
  createdTitle: 'Token created',
  createdHint: 'Copy the token now: it is shown this once and cannot be read again.',
  tokenLabel: 'Token',
  empty: 'No tokens yet',
  loadFailed: 'The tokens could not be loaded',
  connectTitle: 'Connect an MCP client',
  connectIntro:
    'Add this to the MCP settings of your client (Claude Code, Cursor, VS Code and others read this JSON), with a token in place of <token>. The command below prints it too.',
  connectCli: 'Or run in a terminal:',
  copySnippet: 'Copy the JSON',
};

/** Validation messages of the MCP tools' inputs (modules/mcp/mcp-server.ts). */
export const tokenValidation = {
  number_range: 'A whole number from {0} to {1}',
  date_time: 'An ISO 8601 date and time, like 2026-01-31T08:00:00Z',
};
