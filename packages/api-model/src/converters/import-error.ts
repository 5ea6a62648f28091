/**
 * Why a source cannot be imported. `key` is an i18n key of the `import` namespace (the server answers it in
 * the caller's language, `{0}` filled by `arg`); the English `message` is for logs and the job's error.
 */
export class ImportError extends Error {
  readonly key: ImportErrorKey;
  readonly arg: string;

  constructor(key: ImportErrorKey, message: string, arg = '') {
    super(message);
    this.name = 'ImportError';
    this.key = key;
    this.arg = arg;
  }
}

/** The reasons a converter refuses a source. */
export type ImportErrorKey =
  | 'invalid_json'
  | 'invalid_yaml'
  | 'yaml_aliases'
  | 'not_api'
  | 'unsupported_version'
  | 'too_large'
  | 'empty';
