import { DEFAULT_LANG, type Role } from '@quire/shared';
import { canDoc } from '../../policies/doc.policy.ts';
import { asRole } from '../../policies/roles.ts';
import type { ModuleScope, RecipientRow } from './notify.repository.ts';

/** A recipient who may still read the project's docs (membership is checked now, not when they followed). */
export interface Reader {
  id: string;
  lang: string;
  name: string;
}

/** The users among the rows who may read docs of the project, by the same policy every read goes through. */
export function readersOf(scope: ModuleScope, rows: ReadonlyArray<RecipientRow>): Map<string, Reader> {
  const project = { id: scope.projectId, spaceId: scope.spaceId, isPrivate: scope.isPrivate };
  const out = new Map<string, Reader>();
  for (const row of rows) {
    const spaceRole = row.spaceRole ? asRole(row.spaceRole) : undefined;
    const projectRole = row.projectRole ? asRole(row.projectRole) : undefined;
    const access = {
      userId: row.id,
      isSuperAdmin: row.isSuperAdmin === 1,
      spaceRoles: new Map<string, Role>(spaceRole ? [[scope.spaceId, spaceRole]] : []),
      projectRoles: new Map<string, Role>(projectRole ? [[scope.projectId, projectRole]] : []),
    };
    if (canDoc(access, project, 'read'))
      out.set(row.id, { id: row.id, lang: row.lang ?? DEFAULT_LANG, name: row.nickname });
  }
  return out;
}
