/** The export dialog of an application's doc list. */
export const exportUi = {
  button: 'Export',
  title: 'Export {0}',
  format: 'Format',
  markdown: 'Markdown',
  word: 'Word (.docx)',
  openapi: 'OpenAPI 3.1 (JSON)',
  openapiYaml: 'OpenAPI 3.1 (YAML)',
  postman: 'Postman Collection 2.1',
  style: 'Files',
  allInOne: 'All in one file',
  perDoc: 'One file per doc, zipped by folder',
  environments: 'Environments to print',
  noEnvironments: 'This application has no environments: URLs are printed as paths.',
  environmentsError: 'The environments could not be loaded.',
  submit: 'Export',
  done: 'Exported {0}',
};
