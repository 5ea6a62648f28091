/**
 * The words an export prints around the docs. Exporters take them as input: the server passes them in the
 * caller's language from its i18n namespace (`packages/shared/src/i18n/<lang>/export.ts`); tests use English.
 */
export interface ExportLabels {
  maintainer: string;
  url: string;
  description: string;
  contentType: string;
  pathParams: string;
  headerParams: string;
  requestParams: string;
  queryParams: string;
  bodyParams: string;
  requestExample: string;
  responseParams: string;
  responseExample: string;
  errorCodes: string;
  name: string;
  type: string;
  required: string;
  maxLength: string;
  example: string;
  code: string;
  solution: string;
  yes: string;
  no: string;
  deprecated: string;
  contents: string;
}

export const ENGLISH_LABELS: ExportLabels = {
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
