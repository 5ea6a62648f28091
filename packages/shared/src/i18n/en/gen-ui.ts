/** The "Generate code" dialog of a doc page. */
export const genUi = {
  button: 'Generate code',
  title: 'Generate code: {0}',
  template: 'Template',
  pickTemplate: 'Choose a template',
  noTemplates: 'No templates yet: a super admin adds them.',
  templatesError: 'The templates could not be loaded.',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  close: 'Close',
};
