/**
 * Local `$ref` resolution ("#/components/schemas/User"). Remote references are never fetched: an import must
 * not make the server reach addresses a description names; they are left unresolved with a warning.
 */
export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a reference chain ends at. */
export interface Resolved {
  node: Json;
  /** The references followed to get there, outermost first (empty for an inline node). */
  refs: string[];
  /** Set when the chain could not be followed: a remote or missing target, or a loop of references. */
  broken?: string | undefined;
}

const MAX_HOPS = 64;

export class RefResolver {
  private readonly cache = new Map<string, unknown>();
  readonly unresolved = new Set<string>();

  constructor(private readonly root: Json) {}

  /** The node a JSON pointer names, or undefined. */
  target(ref: string): unknown {
    if (this.cache.has(ref)) return this.cache.get(ref);
    let value: unknown;
    if (ref === '#') value = this.root;
    else if (ref.startsWith('#/')) {
      value = this.root;
      for (const raw of ref.slice(2).split('/')) {
        const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        if (Array.isArray(value)) value = value[Number(key)];
        else if (isObject(value) && Object.hasOwn(value, key)) value = value[key];
        else {
          value = undefined;
          break;
        }
      }
    }
    this.cache.set(ref, value);
    return value;
  }

  /** Follows `$ref`s from `node` to a node without one. */
  resolve(node: unknown): Resolved {
    const refs: string[] = [];
    let current: unknown = node;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (!isObject(current)) return { node: {}, refs, broken: 'not an object' };
      const ref = current.$ref;
      if (typeof ref !== 'string') return { node: current, refs };
      if (refs.includes(ref)) return { node: {}, refs, broken: `reference loop at ${ref}` };
      refs.push(ref);
      const next = this.target(ref);
      if (next === undefined) {
        this.unresolved.add(ref);
        return { node: {}, refs, broken: `unresolved reference ${ref}` };
      }
      current = next;
    }
    return { node: {}, refs, broken: 'reference chain too long' };
  }
}

/** The last segment of a reference: the schema's name. */
export function refName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~');
}
