import { ImportError } from '@quire/api-model/converters';
import { FetchError } from '../../lib/guarded-fetch.ts';
import type { JobOutcome } from '../jobs/job-runner.ts';

/** A converter's or the fetch's refusal as a job failure (an i18n key of the errors namespace and its args). */
export function failureOf(error: unknown): JobOutcome | null {
  if (error instanceof ImportError) return { ok: false, key: `import.${error.key}`, args: [error.arg] };
  if (error instanceof FetchError) {
    const key =
      error.code === 'address_refused'
        ? 'import.fetch_refused'
        : error.code === 'timeout'
          ? 'import.fetch_timeout'
          : error.code === 'http_status'
            ? 'import.fetch_status'
            : error.code === 'too_large'
              ? 'import.too_large'
              : error.code === 'url_invalid'
                ? 'import.url_invalid'
                : 'import.fetch_failed';
    return { ok: false, key, args: [error.arg] };
  }
  return null;
}
