import type { EnumInfo, EnumInfoWithItems, EnumItem } from '@quire/shared';
import type { EnumItemRow, EnumRow } from './enums.repository.ts';

export function presentEnum(row: EnumRow): EnumInfo {
  return { id: row.id, moduleId: row.moduleId, name: row.name, description: row.description };
}

export function presentItem(row: EnumItemRow): EnumItem {
  return {
    id: row.id,
    enumId: row.enumId,
    name: row.name,
    type: row.type,
    value: row.value,
    description: row.description,
    orderIndex: row.orderIndex,
  };
}

/** Dictionaries with their items, items grouped under their dictionary in order. */
export function presentWithItems(enums: EnumRow[], items: EnumItemRow[]): EnumInfoWithItems[] {
  const byEnum = new Map<string, EnumItem[]>();
  for (const item of items) {
    const list = byEnum.get(item.enumId) ?? [];
    list.push(presentItem(item));
    byEnum.set(item.enumId, list);
  }
  return enums.map((row) => ({ ...presentEnum(row), items: byEnum.get(row.id) ?? [] }));
}
