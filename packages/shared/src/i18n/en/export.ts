/** Export of docs (Markdown, HTML, Word, OpenAPI, Postman): refusals and the words printed in the files. */
export const exportErrors = {
  'export.no_docs': 'Please choose doc',
  'export.environments_required': 'environments must be ticked',
  'export.too_large':
    'Too large for Word: {0} parameter rows, at most {1}; choose fewer docs, or export as Markdown or OpenAPI',
  'export.file_not_found': 'The exported file is not there: only who exported may download it, for a day',
  'export.needs_memory': 'The export needs more memory than a worker may use ({0} MB); choose fewer docs',
  'export.timeout': 'The export took longer than {0} s; choose fewer docs',
  'export.folder_not_found':
    'No folder "{0}" in this application (a folder is named by its path, such as Orders/Refunds)',
  'gen.template_not_found': 'Template not found',
  'gen.template_name_taken': 'A template with this name already exists in the group',
  'gen.template_syntax': 'Template syntax error at line {0}, column {1}: {2}',
  'gen.render_failed': 'The template could not be rendered: {0}',
  'gen.template_disabled':
    'This template is disabled until it is rewritten in Liquid (Backend management > Code templates): {0}',
};

/** Words around the docs in Markdown and Word exports (the keys of the exporter's labels). */
export const exportDoc = {
  maintainer: 'Maintainer',
  url: 'URL',
  description: 'Description',
  contentType: 'Content-Type',
  pathParams: 'Path parameters',
  headerParams: 'Request headers',
  requestParams: 'Request parameters',
  queryParams: 'Query parameters',
  bodyParams: 'Body parameters',
  requestExample: 'Request example',
  responseParams: 'Response parameters',
  responseExample: 'Response example',
  errorCodes: 'Error codes',
  name: 'Name',
  type: 'Type',
  required: 'Required',
  maxLength: 'Max length',
  example: 'Example',
  code: 'Code',
  solution: 'Solution',
  yes: 'Yes',
  no: 'No',
  deprecated: 'Deprecated',
  contents: 'Contents',
};

/** The page of an HTML export: the tree of docs beside them and its filter. */
export const htmlExport = {
  docTree: 'Docs',
  filter: 'Filter docs',
  noMatch: 'No doc matches',
  empty: 'No docs',
};
