import type { SourceEnum, SourceEnvironment, SourceNode } from '@quire/api-model';
import { PARAM_TABLES, type ParamRow } from '@quire/api-model';
import type { ExportSource } from '@quire/api-model/export';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { readDocument } from '../docs/doc-document.ts';
import { listModuleDocsWithPeople } from '../docs/docs.service.ts';
import { listEnums, listItems } from '../enums/enums.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';

/** What an export of one application prints. */
export interface ExportSelection {
  moduleId: string;
  moduleName: string;
  /** Docs and folders chosen; undefined is the whole application. Folders bring their whole subtree. */
  docIds?: ReadonlyArray<string> | undefined;
  /** Environments to print; undefined is all of them. Ids of another application are refused. */
  environmentIds?: ReadonlyArray<string> | undefined;
  /** A collection of an empty application is an empty file, not a refusal. */
  allowEmpty?: boolean | undefined;
}

/**
 * Reads an application (already authorized by the caller) into the exporters' source: the folder tree of
 * the live docs chosen, the dictionaries their rows link (by name), and the environments chosen.
 */
export async function loadExportSource(db: Db, s: ExportSelection): Promise<ExportSource> {
  const rows = await listModuleDocsWithPeople(db, s.moduleId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string, typeof rows>();
  for (const row of rows) {
    const parent = byId.has(row.parentId) ? row.parentId : '';
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  let chosen: Set<string> | null = null;
  if (s.docIds) {
    chosen = new Set<string>();
    for (const id of s.docIds) {
      if (!byId.has(id)) throw new AppError('doc.not_found');
      const stack = [id];
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (chosen.has(next)) continue;
        chosen.add(next);
        for (const child of children.get(next) ?? []) stack.push(child.id);
      }
    }
  }

  const enums = await loadEnums(db, s.moduleId);
  const enumNames = new Map(enums.map((e) => [e.id, e.name]));
  const build = (parentId: string): SourceNode[] => {
    const out: SourceNode[] = [];
    for (const row of children.get(parentId) ?? []) {
      if (row.isFolder === 1) {
        const nested = build(row.id);
        if (nested.length)
          out.push({ kind: 'folder', name: readDocument(row.content).name, children: nested });
      } else if (!chosen || chosen.has(row.id)) {
        const doc = readDocument(row.content);
        const links = enumLinksOf(doc, enumNames);
        out.push(links ? { kind: 'doc', doc, enumLinks: links } : { kind: 'doc', doc });
      }
    }
    return out;
  };
  const nodes = build('');
  if (!nodes.length && !s.allowEmpty) throw new AppError('export.no_docs');

  const environments = await listEnvironments(db, s.moduleId);
  let printed = environments;
  if (s.environmentIds) {
    const ids = new Set(s.environmentIds);
    printed = environments.filter((env) => ids.has(env.id));
    if (printed.length !== ids.size) throw new AppError('environment.not_found');
  }
  return {
    title: s.moduleName,
    nodes,
    enums: enums.map(({ id: _id, ...e }) => e),
    environments: printed.map(
      (env): SourceEnvironment => ({ name: env.name, url: env.baseUrl, isPublic: env.isPublic === 1 }),
    ),
  };
}

async function loadEnums(db: Db, moduleId: string): Promise<Array<SourceEnum & { id: string }>> {
  const enums = await listEnums(db, moduleId);
  const items = await listItems(
    db,
    enums.map((e) => e.id),
  );
  return enums.map((e) => ({
    id: e.id,
    name: e.name,
    description: e.description,
    items: items
      .filter((item) => item.enumId === e.id)
      .map((item) => ({
        name: item.name,
        type: item.type,
        value: item.value,
        description: item.description,
      })),
  }));
}

/** Dictionary names by row path for the rows of a doc that link one of the application's dictionaries. */
function enumLinksOf(
  doc: Record<(typeof PARAM_TABLES)[number], ParamRow[]>,
  names: ReadonlyMap<string, string>,
): Record<string, string> | undefined {
  const links: Record<string, string> = {};
  for (const table of PARAM_TABLES) {
    const stack = doc[table].map((row, i) => ({ row, path: `${table}.${i}` }));
    for (let item = stack.pop(); item; item = stack.pop()) {
      const name = item.row.enumId ? names.get(item.row.enumId) : undefined;
      if (name) links[item.path] = name;
      item.row.children.forEach((child, i) => {
        stack.push({ row: child, path: `${item.path}.children.${i}` });
      });
    }
  }
  return Object.keys(links).length ? links : undefined;
}
