import type { SourceEnum, SourceNode } from '../../sync/source-tree.ts';
import type { Json } from './refs.ts';

const NAME_MAX = 100;

interface Candidate {
  base: string;
  /** From a named schema (`components/schemas/Status`): its name is kept whenever it is unambiguous. */
  named: boolean;
  values: unknown[];
  schema: Json;
}

/**
 * Enums become dictionaries of the application. Names are chosen once the whole description is read, so they do
 * not depend on the order operations come in (a re-import of an edited description keeps them): an enum is
 * named after its schema (or, inline, its parameter) when that name means one list of values in the whole
 * description, else `name (a|b|c)`, shortened with a hash when long. Equal lists under one name share one
 * dictionary.
 */
export class EnumCollector {
  private readonly candidates = new Map<string, Candidate>();
  private names: Map<string, string> | null = null;

  /** A key for an enum schema; `nameOf` turns it into the dictionary name after `finish`. */
  add(baseName: string, schema: Json, values: unknown[], named: boolean): string {
    const base = (baseName || 'enum').trim().slice(0, 60) || 'enum';
    const key = `${base}\u0000${JSON.stringify(values)}`;
    const known = this.candidates.get(key);
    if (!known) this.candidates.set(key, { base, named, values, schema });
    else if (named) known.named = true;
    return key;
  }

  /** Chooses every dictionary name. */
  finish(): void {
    const byBase = new Map<string, string[]>();
    for (const [key, c] of this.candidates) byBase.set(c.base, [...(byBase.get(c.base) ?? []), key]);
    const names = new Map<string, string>();
    const taken = new Set<string>();
    for (const [base, keys] of byBase) {
      if (keys.length === 1 && keys[0]) {
        names.set(keys[0], base);
        taken.add(base);
      }
    }
    for (const [base, keys] of byBase) {
      if (keys.length === 1) continue;
      for (const key of keys) {
        const c = this.candidates.get(key);
        if (!c) continue;
        let name = long(base, c.values);
        for (let i = 2; taken.has(name); i++) name = `${long(base, c.values)} ${i}`;
        names.set(key, name);
        taken.add(name);
      }
    }
    this.names = names;
  }

  /** Every key's dictionary name, after `finish`. */
  allNames(): Record<string, string> {
    return Object.fromEntries([...this.candidates.keys()].map((key) => [key, this.nameOf(key)]));
  }

  nameOf(key: string): string {
    return this.names?.get(key) ?? key;
  }

  list(): SourceEnum[] {
    return [...this.candidates.entries()].map(([key, c]) => {
      const names = listOf(c.schema['x-enumNames'] ?? c.schema['x-enum-varnames']);
      const descriptions = listOf(c.schema['x-enum-descriptions'] ?? c.schema['x-enumDescriptions']);
      return {
        name: this.nameOf(key),
        description: typeof c.schema.description === 'string' ? c.schema.description.slice(0, 500) : '',
        items: c.values.map((value, i) => ({
          name: String(names[i] ?? valueText(value)).slice(0, 100) || '(empty)',
          type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string',
          value: valueText(value),
          description: String(descriptions[i] ?? ''),
        })),
      };
    });
  }

  /** Replaces the keys in the docs' `enumLinks` by the chosen names. */
  relink(nodes: SourceNode[]): void {
    const stack = [...nodes];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (node.kind === 'folder') stack.push(...node.children);
      else if (node.enumLinks)
        for (const [path, key] of Object.entries(node.enumLinks)) node.enumLinks[path] = this.nameOf(key);
    }
  }
}

/** `status (a|b|c)`, within the length limit (a hash of the values keeps shortened names apart). */
function long(base: string, values: unknown[]): string {
  const full = `${base} (${values.map(valueText).join('|')})`;
  if (full.length <= NAME_MAX) return full;
  return `${full.slice(0, NAME_MAX - 8)}… ${hash(JSON.stringify(values))}`;
}

function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36).slice(0, 6);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function valueText(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
