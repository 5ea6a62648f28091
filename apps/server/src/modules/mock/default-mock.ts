// The default mock of a doc: a JSON body built from its response params, merged into what is stored so a
// person's edits survive later changes of the doc (Torna's rule: new fields added, removed ones dropped,
// values kept unless their JSON type changed).
import { type ApiDoc, exampleObject } from '@quire/api-model';

/** The body the response params describe (an array of it when the doc answers an array). */
export function generatedBody(doc: Pick<ApiDoc, 'responseParams' | 'isResponseArray'>): unknown {
  const body = exampleObject(doc.responseParams);
  return doc.isResponseArray ? [body] : body;
}

type Kind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean';

function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as Kind;
}

const MAX_DEPTH = 32;

/** `stored` reshaped to `generated`'s keys, keeping stored values whose type still matches. */
export function mergeBody(stored: unknown, generated: unknown, depth = 0): unknown {
  const kind = kindOf(generated);
  if (kindOf(stored) !== kind || depth > MAX_DEPTH) return generated;
  if (kind === 'object') {
    const from = stored as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(generated as Record<string, unknown>)) {
      // Keys are data: defineProperty, so a `__proto__` field stays a field.
      const merged = Object.hasOwn(from, key) ? mergeBody(from[key], value, depth + 1) : value;
      Object.defineProperty(out, key, {
        value: merged,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (kind === 'array') {
    const template = (generated as unknown[])[0];
    const items = stored as unknown[];
    // Arrays of objects follow the row shape item by item; arrays of scalars keep the stored items.
    if (kindOf(template) === 'object') return items.map((item) => mergeBody(item, template, depth + 1));
    return items.length ? items : generated;
  }
  return stored;
}

/** The merged body as the stored text: pretty JSON; a stored text that is not JSON is replaced. */
export function mergedBodyText(
  storedText: string,
  doc: Pick<ApiDoc, 'responseParams' | 'isResponseArray'>,
): string {
  const generated = generatedBody(doc);
  let stored: unknown = generated;
  if (storedText.trim()) {
    try {
      stored = JSON.parse(storedText);
    } catch {
      stored = generated;
    }
  }
  return JSON.stringify(mergeBody(stored, generated), null, 2);
}
