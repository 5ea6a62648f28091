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
  adminTitle: 'Code templates',
  adminIntro:
    'Templates written in Liquid turn a doc into code. Readers choose one under "Generate code" on a doc\'s page.',
  newTemplate: 'New template',
  group: 'Group',
  groupHint: 'Templates are listed by group, for example TypeScript or Java.',
  name: 'Name',
  content: 'Template',
  deleteTemplate: 'Delete',
  disabled:
    'Disabled until it is rewritten in Liquid: readers cannot generate with it. Saving a rewrite enables it.',
  deleteConfirm: 'Delete the template "{0}"? Readers can no longer generate with it.',
  saved: 'Template saved',
  created: 'Template created',
  deleted: 'Template deleted',
  emptyTree: 'No templates yet',
  pickOne: 'Choose a template on the left, or create one.',
  reference: 'What a template can use',
  refDocTitle: 'doc',
  refDoc:
    'name, description (plain text), url, urlTemplate (the url with path variables as template-literal placeholders), httpMethod, contentType, author, functionName (camelCase), requestTypeName, responseTypeName, isRequestArray, isResponseArray, pathParams, headerParams, queryParams, requestParams, responseParams (trees of fields), requestExample, responseExample (JSON text).',
  refTypesTitle: 'requestTypes, responseTypes',
  refTypes:
    'every object of the body with name, description and fields, the body itself first and nested objects after, so a template writes one class per entry without recursion.',
  refFieldTitle: 'a field',
  refField:
    'name, type, typeName (the class of an object or array field), required, maxLength, example, description, enumValues, children.',
  refFiltersTitle: 'filters',
  refFilters:
    'camel_case, pascal_case, snake_case, kebab_case; type: "ts" (or java, kotlin, go, python, csharp) on a field writes its type in that language.',
  refLimits:
    'A template reads only this context: no files, no other templates. A render stops after 1 second or 1,000,000 characters, and a syntax error is refused on save with its line and column.',
  loadError: 'The template could not be loaded.',
};
