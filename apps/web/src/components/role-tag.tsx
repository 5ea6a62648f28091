import type { Role } from '@quire/shared';
import { ROLES } from '@quire/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../lib/i18n.ts';

/** Label of each role. */
export const ROLE_LABELS: Record<Role, TranslationKey> = {
  guest: 'perm.roleGuest',
  dev: 'perm.roleDev',
  admin: 'perm.roleAdmin',
};

const ROLE_COLORS: Record<Role, string> = { guest: 'default', dev: 'blue', admin: 'gold' };

/** A role as a coloured tag with its name (the colour is never the only cue). */
export function RoleTag({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Tag color={ROLE_COLORS[role]}>{t(ROLE_LABELS[role])}</Tag>;
}

/** Options of a role select, guest to admin. */
export function useRoleOptions(): { value: Role; label: string }[] {
  const { t } = useTranslation();
  return ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }));
}
