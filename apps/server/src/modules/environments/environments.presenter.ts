import type { Environment } from '@quire/shared';
import type { EnvironmentRow } from './environments.repository.ts';

/** An environment as the API answers it. */
export function presentEnvironment(row: EnvironmentRow): Environment {
  return {
    id: row.id,
    moduleId: row.moduleId,
    name: row.name,
    baseUrl: row.baseUrl,
    isPublic: row.isPublic === 1,
    orderIndex: row.orderIndex,
  };
}
