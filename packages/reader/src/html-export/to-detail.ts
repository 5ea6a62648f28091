import { DocType, type ParamRow, type SourceEnum, type SourceNode } from '@quire/api-model';
import type { ExportSource } from '@quire/api-model/export';
import type { DocDetail, EnumWithItems, Environment } from '@quire/shared';

/** A node of the export's tree: a folder, or a doc ready for the reader's doc page. */
export type PageNode =
  | { kind: 'folder'; name: string; children: PageNode[] }
  | { kind: 'doc'; anchor: string; detail: DocDetail };

const TABLES = ['pathParams', 'headerParams', 'queryParams', 'requestParams', 'responseParams'] as const;

/**
 * Rows as the doc page reads them: every row gets an id (keys and ARIA ids need one; rows of an import carry
 * none), and a row linked to a dictionary by the export gets that dictionary's name as its `enumId`, which is
 * also the id of the dictionary in the page's list.
 */
function pageRows(
  rows: ReadonlyArray<ParamRow>,
  path: string,
  links: Record<string, string> | undefined,
  used: Set<string>,
): ParamRow[] {
  return rows.map((row, i) => {
    const here = `${path}.${i}`;
    const linked = links?.[here] ?? '';
    if (linked) used.add(linked);
    return {
      ...row,
      id: row.id || here,
      enumId: linked,
      children: pageRows(row.children, `${here}.children`, links, used),
    };
  });
}

function dictionary(e: SourceEnum): EnumWithItems {
  return {
    id: e.name,
    moduleId: '',
    name: e.name,
    description: e.description,
    items: e.items.map((item, i) => ({ id: `${e.name}-${i}`, ...item })),
  };
}

/**
 * The export source as the doc page's details, numbered in reading order (`doc-1`, `doc-2` …: the anchors of
 * the tree's links). Nothing the export does not carry is invented: no lock state, authors' accounts or dates.
 */
export function pageTree(source: ExportSource): PageNode[] {
  const enums = new Map(source.enums.map((e) => [e.name, e]));
  let count = 0;
  const walk = (nodes: ReadonlyArray<SourceNode>): PageNode[] =>
    nodes.map((node): PageNode => {
      if (node.kind === 'folder') return { kind: 'folder', name: node.name, children: walk(node.children) };
      count += 1;
      const doc = node.doc;
      const used = new Set<string>();
      const tables = Object.fromEntries(
        TABLES.map((table) => [table, pageRows(doc[table], table, node.enumLinks, used)]),
      ) as Record<(typeof TABLES)[number], ParamRow[]>;
      const detail: DocDetail = {
        ...doc,
        ...tables,
        id: `doc-${count}`,
        moduleId: '',
        projectId: '',
        parentId: '',
        isFolder: false,
        descriptionKind: doc.type === DocType.markdown ? 'markdown' : 'html',
        isLocked: false,
        orderIndex: count,
        revision: 0,
        remark: '',
        errorCodeParams: doc.errorCodeParams.map((row, i) => ({ ...row, id: row.id || `code-${i}` })),
        // The export prints the docs as written: globals of an environment are not part of a doc.
        isUseGlobalHeaders: false,
        isUseGlobalParams: false,
        isUseGlobalReturns: false,
        globalHeaders: [],
        globalParams: [],
        globalReturns: [],
        enums: [...used].flatMap((name) => {
          const e = enums.get(name);
          return e ? [dictionary(e)] : [];
        }),
        creatorName: '',
        modifierName: '',
        createTime: '',
        updateTime: '',
      };
      return { kind: 'doc', anchor: detail.id, detail };
    });
  return walk(source.nodes);
}

/** The environments chosen for printing, in the shape of the doc page's select. */
export function pageEnvironments(source: ExportSource): Environment[] {
  return source.environments.map((env, i) => ({
    id: `env-${i + 1}`,
    moduleId: '',
    name: env.name,
    baseUrl: env.url,
    isPublic: env.isPublic ?? true,
    orderIndex: i,
  }));
}
