import { PARENT_PARAM_TYPES, type ParamRow, RowDefaults } from '@quire/api-model';

/**
 * Immutable edits of a param tree for the editor. Each edit copies only the path from the top to the row it
 * changes, so unchanged rows keep their identity and the grid re-renders the changed ones only.
 */

let counter = 0;

/** A new client id: rows keep it when saved, so the diff follows them through later renames. */
export function newParamId(): string {
  counter += 1;
  return `p${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new row with the defaults of a new param: required, max length 64. */
export function newParamRow(overrides: Partial<ParamRow> = {}): ParamRow {
  return {
    id: newParamId(),
    name: '',
    type: 'string',
    required: RowDefaults.required === 1,
    maxLength: String(RowDefaults.maxLength),
    example: '',
    description: '',
    enumId: '',
    enumContent: '',
    children: [],
    ...overrides,
  };
}

/** Whether rows of this type hold children. */
export function canHaveChildren(row: Pick<ParamRow, 'type'>): boolean {
  return PARENT_PARAM_TYPES.includes(row.type);
}

/** Applies `edit` to the list holding row `id` (the top list or some row's children). */
function editList(
  rows: ReadonlyArray<ParamRow>,
  id: string,
  edit: (list: ParamRow[], index: number) => ParamRow[],
): ParamRow[] | null {
  const index = rows.findIndex((row) => row.id === id);
  if (index >= 0) return edit([...rows], index);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ParamRow;
    if (row.children.length === 0) continue;
    const children = editList(row.children, id, edit);
    if (children) {
      const copy = [...rows];
      copy[i] = { ...row, children };
      return copy;
    }
  }
  return null;
}

/** Changes fields of row `id`. */
export function updateParam(rows: ReadonlyArray<ParamRow>, id: string, patch: Partial<ParamRow>): ParamRow[] {
  return (
    editList(rows, id, (list, index) => {
      list[index] = { ...(list[index] as ParamRow), ...patch };
      return list;
    }) ?? [...rows]
  );
}

/** Adds `child` as the last child of row `parentId` ("" = top level). */
export function addParam(rows: ReadonlyArray<ParamRow>, parentId: string, child: ParamRow): ParamRow[] {
  if (!parentId) return [...rows, child];
  return (
    editList(rows, parentId, (list, index) => {
      const parent = list[index] as ParamRow;
      list[index] = { ...parent, children: [...parent.children, child] };
      return list;
    }) ?? [...rows]
  );
}

/** Removes row `id` and its children. */
export function removeParam(rows: ReadonlyArray<ParamRow>, id: string): ParamRow[] {
  return (
    editList(rows, id, (list, index) => {
      list.splice(index, 1);
      return list;
    }) ?? [...rows]
  );
}

/** Moves row `id` one place up (-1) or down (+1) among its siblings. */
export function moveParam(rows: ReadonlyArray<ParamRow>, id: string, delta: -1 | 1): ParamRow[] {
  return (
    editList(rows, id, (list, index) => {
      const to = index + delta;
      if (to < 0 || to >= list.length) return list;
      const [row] = list.splice(index, 1);
      list.splice(to, 0, row as ParamRow);
      return list;
    }) ?? [...rows]
  );
}

/** A row as the grid shows it: the row, its depth, its parent's id and its place among its siblings. */
export interface GridRow {
  row: ParamRow;
  depth: number;
  parentId: string;
  isFirst: boolean;
  isLast: boolean;
}

/** The rows in display order, skipping the children of collapsed rows. */
export function visibleRows(rows: ReadonlyArray<ParamRow>, collapsed: ReadonlySet<string>): GridRow[] {
  const out: GridRow[] = [];
  const walk = (list: ReadonlyArray<ParamRow>, depth: number, parentId: string) => {
    list.forEach((row, index) => {
      out.push({ row, depth, parentId, isFirst: index === 0, isLast: index === list.length - 1 });
      if (row.children.length && !collapsed.has(row.id)) walk(row.children, depth + 1, row.id);
    });
  };
  walk(rows, 0, '');
  return out;
}

/** Rows of a tree, children included. */
export function countRows(rows: ReadonlyArray<ParamRow>): number {
  let count = 0;
  const stack = [...rows];
  while (stack.length) {
    const row = stack.pop() as ParamRow;
    count += 1;
    stack.push(...row.children);
  }
  return count;
}
