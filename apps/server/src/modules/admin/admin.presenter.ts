import {
  type AdminUser,
  type AuditEntry,
  type I18nPack,
  type ProjectTreeNode,
  USER_SOURCES,
  type UserSource,
} from '@quire/shared';
import type { AuditRow } from '../audit/audit.service.ts';
import type { PackDetailRow } from '../i18n/i18n.service.ts';
import type { ProjectRow } from '../projects/projects.service.ts';
import type { SpaceRow } from '../spaces/spaces.service.ts';
import type { UserRow } from '../users/users.service.ts';

function sourceOf(value: string): UserSource {
  return (USER_SOURCES as ReadonlyArray<string>).includes(value) ? (value as UserSource) : 'register';
}

/** A user as the admin list shows them; never the password hash. */
export function presentAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    status: row.status,
    source: sourceOf(row.source),
    isSuperAdmin: row.isSuperAdmin === 1,
    gmtCreate: row.createdAt,
  };
}

/** Spaces with their projects, in Torna's tree shape (space ids prefixed `S_` so they never clash). */
export function presentProjectTree(spaces: SpaceRow[], projects: ProjectRow[]): ProjectTreeNode[] {
  return spaces.map((space) => ({
    id: `S_${space.id}`,
    label: space.name,
    parentId: '',
    children: projects
      .filter((p) => p.spaceId === space.id)
      .map((p) => ({ id: p.id, label: p.name, parentId: `S_${space.id}` })),
  }));
}

/** A language pack without its content. */
export function presentPack(row: PackDetailRow): I18nPack {
  return { id: row.id, lang: row.lang, description: row.description, updateTime: row.updatedAt };
}

/** An audit record with its detail parsed back into an object. */
export function presentAudit(row: AuditRow): AuditEntry {
  let detail: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.detail);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      detail = parsed as Record<string, unknown>;
  } catch {
    detail = {};
  }
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName ?? '',
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    detail,
    createTime: row.createdAt,
  };
}
