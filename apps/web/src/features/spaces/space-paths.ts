import type { Space } from '@quire/shared';

/** Where a space leads: the composed-project list of a composed space, else its projects. */
export function spaceHome(space: Pick<Space, 'id' | 'isCompose'>): string {
  return `/space/${space.isCompose ? 'compose' : 'project'}/${encodeURIComponent(space.id)}`;
}
