import type { SourceEnum } from '../../sync/source-tree.ts';
import type { Json } from './refs.ts';

/**
 * Enums become dictionaries of the application. A named schema (`components/schemas/Status`) gives its name;
 * an inline enum is named after its parameter. Equal names with other values get a numbered name, and equal
 * values under one name share one dictionary, so re-importing gives the same names.
 */
export class EnumCollector {
  private readonly byName = new Map<string, { key: string; entry: SourceEnum }>();
  private readonly byKey = new Map<string, string>();

  list(): SourceEnum[] {
    return [...this.byName.values()].map((e) => e.entry);
  }

  /** The dictionary name for an enum schema. */
  add(baseName: string, schema: Json, values: unknown[]): string {
    const clean = (baseName || 'enum').slice(0, 60);
    const key = `${clean}\u0000${JSON.stringify(values)}`;
    const known = this.byKey.get(key);
    if (known) return known;
    let name = clean;
    for (let i = 2; this.byName.has(name); i++) name = `${clean}_${i}`;
    const names = listOf(schema['x-enumNames'] ?? schema['x-enum-varnames']);
    const descriptions = listOf(schema['x-enum-descriptions'] ?? schema['x-enumDescriptions']);
    const entry: SourceEnum = {
      name,
      description: typeof schema.description === 'string' ? schema.description.slice(0, 500) : '',
      items: values.map((value, i) => ({
        name: String(names[i] ?? valueText(value)).slice(0, 100) || '(empty)',
        type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string',
        value: valueText(value),
        description: String(descriptions[i] ?? ''),
      })),
    };
    this.byName.set(name, { key, entry });
    this.byKey.set(key, name);
    return name;
  }
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function valueText(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
