import type { UserBrief } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { userSearchQuery } from '../spaces.queries.ts';

/** How a user reads in pickers and tables: "Nickname (account)". */
export function userLabel(user: Pick<UserBrief, 'nickname' | 'username'>): string {
  return user.nickname && user.nickname !== user.username
    ? `${user.nickname} (${user.username})`
    : user.username;
}

/**
 * A multi-select of users found by the server as you type (`POST /api/user/search`: account, nickname or
 * email). Chosen users keep their labels while the search text changes.
 */
export function UserSearchSelect({
  id,
  value,
  onChange,
  excludeIds,
  placeholder,
}: {
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  excludeIds?: ReadonlySet<string>;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim());
  const search = useQuery(userSearchQuery(debounced));
  // Labels of users chosen earlier, so they stay readable after the result list changes.
  const known = useRef(new Map<string, string>());
  for (const user of search.data ?? []) known.current.set(user.id, userLabel(user));

  const found = (search.data ?? []).filter((user) => !excludeIds?.has(user.id));
  const options = found.map((user) => ({
    value: user.id,
    label: user.email ? `${userLabel(user)} · ${user.email}` : userLabel(user),
  }));
  for (const chosen of value ?? []) {
    if (!options.some((option) => option.value === chosen))
      options.push({ value: chosen, label: known.current.get(chosen) ?? chosen });
  }

  let notFound: ReactNode = t('member.searchHint');
  if (search.isFetching) notFound = <Spin size="small" />;
  else if (debounced && search.data) notFound = t('member.searchNone');

  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={(ids: string[]) => onChange?.(ids)}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      onBlur={() => setText('')}
      options={options}
      notFoundContent={notFound}
      placeholder={placeholder ?? t('member.searchPlaceholder')}
      style={{ width: '100%' }}
    />
  );
}
