import type { Module } from '@quire/shared';
import type { ModuleRow } from './modules.repository.ts';

/** An application as lists and info show it. */
export function presentModule(row: ModuleRow): Module {
  return {
    id: row.id,
    name: row.name,
    projectId: row.projectId,
    type: row.type,
    orderIndex: row.orderIndex,
    createTime: row.createdAt,
  };
}
