import { USER_SOURCES, type UserProfile, type UserSource } from '@quire/shared';
import type { UserRow } from './users.repository.ts';

function sourceOf(value: string): UserSource {
  return (USER_SOURCES as ReadonlyArray<string>).includes(value) ? (value as UserSource) : 'register';
}

/** The account as its owner sees it; never the password hash. */
export function presentProfile(user: UserRow): UserProfile {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    avatar: user.avatar,
    source: sourceOf(user.source),
    status: user.status,
    isSuperAdmin: user.isSuperAdmin === 1,
    lang: user.lang,
    gmtCreate: user.createdAt,
  };
}
