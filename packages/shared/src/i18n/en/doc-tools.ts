// Bulk parameter import, environment globals, revision restore with unsaved edits, docs in the trash.

export const importValidation = {
  param_text: 'Paste a JSON sample, key: value lines or a query string such as a=1&b=2',
  param_line: 'Line {0}: write key: value, key=value or a tab between name and value',
  param_name_line: 'Line {0}: "{1}" is not a valid name (letters, digits, - and _)',
  param_name: '"{0}" is not a valid parameter name (letters, digits, - and _)',
  param_encoding: 'Cannot decode "{0}": broken percent-encoding',
};

export const importErrors = {
  'trash.doc_taken':
    'Cannot restore "{0}": {1} {2} is now used by "{3}" in this application. Change or delete that doc first.',
  'trash.module_deleted': 'Restore the application that holds this doc first',
};

export const paramImport = {
  button: 'Bulk import',
  title: 'Import params',
  hint: 'Paste any of these; the format is recognised by itself:',
  formatJson: 'a JSON sample: types come from the values, objects and arrays become children',
  formatLines:
    'key: value lines (Postman bulk edit, a header block from the browser), key=value lines or two columns copied from a table',
  formatForm:
    'a query string or form body: a=1&b=2, ?a=1, or a whole URL; a[]=1 makes an array, a[b]=1 or a.b=1 a child',
  text: 'Text to import',
  detected: 'Recognised as: {0}',
  format: { json: 'JSON sample', lines: 'key: value lines', form: 'query string / form body' },
  replace: 'Replace the current rows',
  ok: 'Import',
};

export const globals = {
  tab: 'Global params',
  title: 'Global headers, params and returns',
  intro:
    'Rows defined here are shown in every doc of the application whose "Use global …" switch is on. Readers see the first environment\'s; each environment keeps its own.',
  environment: 'Environment',
  headers: 'Global headers',
  params: 'Global params',
  returns: 'Global returns',
  headersHint: 'Shown first in the request headers; a doc header of the same name is hidden.',
  paramsHint: 'Shown first in the query (GET) or the body (other methods).',
  returnsHint: 'Shown first in the response.',
  dataNode: 'Data node',
  dataNodeHint:
    "The row whose example is $data$ is the data node: the doc's own rows go under it, e.g. {code, msg, data: {…}}.",
  dataNodeNone: 'None',
  dataNodeOf: "Put the doc's rows under",
  save: 'Save globals',
  saved: 'Global params saved',
  reset: 'Discard changes',
  unsaved: 'Unsaved changes',
  noEnvironments: 'Add an environment first: global params belong to an environment.',
  readOnly: 'Only developers and admins of the project can change global params.',
  leaveText: 'Your changes to the global params are lost if you switch now.',
};

export const docTools = {
  restoreDirtyTitle: 'Discard your unsaved edits?',
  restoreDirtyText:
    'This editor has changes that are not saved. Restoring revision {0} replaces the doc with that revision, and your unsaved edits are lost. Cancel and save first to keep them (they become a revision you can come back to).',
  restoreDirtyOk: 'Discard edits and restore',

  trashDoc: 'Doc',
  trashFolder: 'Folder',
};
