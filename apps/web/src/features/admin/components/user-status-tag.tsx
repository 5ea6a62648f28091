import { UserStatus } from '@quire/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../../lib/i18n.ts';

/** Label of each account status: 1 normal, 2 must set a password, 0 disabled. */
export const STATUS_LABELS: Record<number, TranslationKey> = {
  [UserStatus.enabled]: 'user.statusNormal',
  [UserStatus.setPassword]: 'user.statusSetPassword',
  [UserStatus.disabled]: 'admin.statusDisabled',
};

const STATUS_COLORS: Record<number, string> = {
  [UserStatus.enabled]: 'green',
  [UserStatus.setPassword]: 'orange',
  [UserStatus.disabled]: 'red',
};

/** An account status as a tag with its word. */
export function UserStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const label = STATUS_LABELS[status];
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{label ? t(label) : String(status)}</Tag>;
}
