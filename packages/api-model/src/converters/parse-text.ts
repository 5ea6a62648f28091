import { parse as parseYaml } from 'yaml';
import { ImportError } from './import-error.ts';

/**
 * Aliases a YAML text may use. Real descriptions use a handful (shared parameters); a "billion laughs" text
 * uses them to expand a few kilobytes into gigabytes, and the yaml library refuses past this count.
 */
export const YAML_MAX_ALIASES = 1000;

/** The largest source text a converter reads (the upload and fetch limit too), in bytes. */
export const SOURCE_MAX_BYTES = 50 * 1024 * 1024;

/** A JSON or YAML text, parsed. JSON is tried first: it is faster and every JSON text is valid YAML anyway. */
export function parseApiText(text: string): unknown {
  if (text.length > SOURCE_MAX_BYTES) throw new ImportError('too_large', 'source too large', '50 MB');
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new ImportError('empty', 'the source is empty');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw new ImportError('invalid_json', `invalid JSON: ${(error as Error).message}`, shortReason(error));
    }
  }
  try {
    return parseYaml(trimmed, { maxAliasCount: YAML_MAX_ALIASES, uniqueKeys: false, prettyErrors: false });
  } catch (error) {
    const message = (error as Error).message;
    if (/alias/i.test(message)) throw new ImportError('yaml_aliases', `YAML aliases refused: ${message}`);
    // The yaml parser recurses per nesting level; a hostile depth ends in a (caught) stack overflow.
    if (error instanceof RangeError || /call stack/i.test(message))
      throw new ImportError('invalid_yaml', 'YAML nested too deep', 'nested too deep');
    throw new ImportError('invalid_yaml', `invalid YAML: ${message}`, shortReason(error));
  }
}

function shortReason(error: unknown): string {
  return (
    String((error as Error).message ?? error)
      .split('\n')[0]
      ?.slice(0, 200) ?? ''
  );
}
