import type { SourceEnum, SourceEnvironment, SourceNode } from '@quire/api-model';
import { PARAM_TABLES, type ParamRow } from '@quire/api-model';
import type { ExportSource } from '@quire/api-model/export';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { readDocument } from '../docs/doc-document.ts';
import { type DocWithPeople, listModuleDocsWithPeople } from '../docs/docs.service.ts';
import { listEnums, listItems } from '../enums/enums.service.ts';
import { listEnvironments } from '../environments/environments.service.ts';
import { frozenExportRows } from '../releases/releases.service.ts';

/** What an export of one application prints. */
export interface ExportSelection {
  moduleId: string;
  moduleName: string;
  /** Docs and folders chosen; undefined is the whole application. Folders bring their whole subtree. */
  docIds?: ReadonlyArray<string> | undefined;
  /**
   * Folders chosen by their name path from the root (`Orders/Refunds`), as `quire export --folder` names
   * them; each brings its subtree like a folder of `docIds`. Every folder of that path is chosen; a path that
   * names none is refused.
   */
  folderPaths?: ReadonlyArray<string> | undefined;
  /** Environments to print; undefined is all of them. Ids of another application are refused. */
  environmentIds?: ReadonlyArray<string> | undefined;
  /** A collection of an empty application is an empty file, not a refusal. */
  allowEmpty?: boolean | undefined;
  /**
   * A release of the application's project (checked by the caller): its frozen docs are exported instead of
   * the docs now, in the folders and order the release froze, deleted docs included.
   */
  releaseId?: string | undefined;
}

type SourceRow = Pick<DocWithPeople, 'id' | 'parentId' | 'isFolder' | 'content' | 'orderIndex' | 'createdAt'>;

/** The rows an export reads: the live docs and folders, or the docs and folders as a release froze them. */
async function rowsOf(db: Db, s: ExportSelection): Promise<SourceRow[]> {
  if (s.releaseId) return frozenExportRows(db, s.releaseId, s.moduleId);
  return listModuleDocsWithPeople(db, s.moduleId);
}

/**
 * Reads an application (already authorized by the caller) into the exporters' source: the folder tree of
 * the live docs chosen, the dictionaries their rows link (by name), and the environments chosen.
 */
export async function loadExportSource(db: Db, s: ExportSelection): Promise<ExportSource> {
  const rows = await rowsOf(db, s);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string, typeof rows>();
  for (const row of rows) {
    const parent = byId.has(row.parentId) ? row.parentId : '';
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  let chosen: Set<string> | null = null;
  if (s.docIds || s.folderPaths) {
    const picked = [...(s.docIds ?? []), ...foldersByPath(rows, byId, s.folderPaths ?? [])];
    chosen = new Set<string>();
    for (const id of picked) {
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

/** A name path as written (`Orders / Refunds/`): its names trimmed, empty ones dropped, joined by `/`. */
function normalPath(path: string): string {
  return path
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean)
    .join('/');
}

/** The ids of the folders each path names; a path that names no folder is refused with the path. */
function foldersByPath(
  rows: ReadonlyArray<{ id: string; parentId: string; isFolder: number; content: string }>,
  byId: ReadonlyMap<string, { parentId: string; isFolder: number; content: string }>,
  paths: ReadonlyArray<string>,
): string[] {
  if (!paths.length) return [];
  const pathOf = new Map<string, string>();
  const folderPath = (id: string): string => {
    const known = pathOf.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    // Ids walk up a tree; a parent that is not a live folder of this application is the root.
    const parent = byId.get(row.parentId)?.isFolder === 1 ? folderPath(row.parentId) : '';
    const name = readDocument(row.content).name;
    const path = parent ? `${parent}/${name}` : name;
    pathOf.set(id, path);
    return path;
  };
  const byPath = new Map<string, string[]>();
  for (const row of rows) {
    if (row.isFolder !== 1) continue;
    const key = normalPath(folderPath(row.id));
    byPath.set(key, [...(byPath.get(key) ?? []), row.id]);
  }
  return paths.flatMap((path) => {
    const ids = byPath.get(normalPath(path));
    if (!ids) throw new AppError('export.folder_not_found', { args: [path] });
    return ids;
  });
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
