import { type ApiDoc, newApiDoc } from '../model/api-doc.ts';
import { DocLimits, PARAM_TABLES } from '../model/constants.ts';
import type { ParamRow } from '../model/param.ts';
import type { SourceDocNode } from '../sync/source-tree.ts';

const DEFAULTS = newApiDoc('doc');

/**
 * A doc from converted parts. Built directly rather than through the zod schema: converters make the rows
 * themselves within the model's limits, and validating 1,000 docs of thousands of rows costs seconds; the
 * sync engine validates what it stores.
 */
export function docOf(fields: Partial<Omit<ApiDoc, 'v'>> & { name: string }): ApiDoc {
  return { ...DEFAULTS, ...fields, name: docName(fields.name) };
}

/** A doc or folder name the model accepts. */
export function docName(name: string): string {
  const line = name
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (line || '(unnamed)').slice(0, DocLimits.nameMax);
}

/** The doc node, with `enumLinks` by row path for rows that link a dictionary. */
export function docNode(doc: ApiDoc, enumOf: ReadonlyMap<ParamRow, string>): SourceDocNode {
  const node: SourceDocNode = { kind: 'doc', doc };
  if (!enumOf.size) return node;
  const links: Record<string, string> = {};
  for (const table of PARAM_TABLES) {
    const stack: Array<{ row: ParamRow; path: string }> = doc[table].map((row, i) => ({
      row,
      path: `${table}.${i}`,
    }));
    for (let item = stack.pop(); item; item = stack.pop()) {
      const name = enumOf.get(item.row);
      if (name) links[item.path] = name;
      item.row.children.forEach((child, i) => {
        stack.push({ row: child, path: `${item.path}.children.${i}` });
      });
    }
  }
  if (Object.keys(links).length) node.enumLinks = links;
  return node;
}
