import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type MemberFilterState, MembersPanel } from '../features/members/members-panel.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { UserSearchSelect } from '../features/spaces/components/user-search-select.tsx';
import {
  allSpaceMembersQuery,
  spaceMemberPageQuery,
  useAddSpaceMembers,
  useRemoveSpaceMember,
  useUpdateSpaceMemberRole,
} from '../features/spaces/spaces.queries.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/space/member/{spaceId}`: the space's members, searchable and paged by the server. Space admins add
 * people found by a search of all users; the server refuses to lose the last admin and its message is shown.
 */
export function SpaceMemberPage() {
  const { t } = useTranslation();
  const spaceId = useParams().spaceId ?? '';
  useDocumentTitle(t('layout.members'));
  const { canSpace } = usePermissions();
  const canManage = canSpace(spaceId, 'space.member.manage');
  const [filter, setFilter] = useState<MemberFilterState>({ search: '', role: undefined });
  const username = useDebouncedValue(filter.search.trim());
  const [page, setPage] = useState({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const members = useQuery(spaceMemberPageQuery({ spaceId, username: username || undefined, ...page }));
  const allMembers = useQuery({ ...allSpaceMembersQuery(spaceId), enabled: canManage });
  const add = useAddSpaceMembers();
  const updateRole = useUpdateSpaceMemberRole();
  const remove = useRemoveSpaceMember();
  const existing = new Set((allMembers.data ?? []).map((member) => member.id));

  return (
    <MembersPanel
      title={t('layout.members')}
      addTitle={t('member.addToSpace')}
      emptyText={t('member.empty')}
      canManage={canManage}
      filter={filter}
      onFilterChange={(next) => {
        setFilter(next);
        setPage((previous) => ({ ...previous, pageIndex: 1 }));
      }}
      withRoleFilter={false}
      members={{
        rows: members.data?.list ?? [],
        isFetching: members.isFetching,
        isError: members.isError,
        hasData: members.data !== undefined,
        refetch: () => void members.refetch(),
      }}
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: members.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('common.total', { 0: total }),
        onChange: (pageIndex, pageSize) =>
          setPage((previous) => ({ pageIndex: pageSize === previous.pageSize ? pageIndex : 1, pageSize })),
      }}
      picker={<UserSearchSelect excludeIds={existing} />}
      add={{
        mutate: (input, options) => add.mutate({ spaceId, ...input }, options),
        isPending: add.isPending,
        error: add.error,
        reset: add.reset,
      }}
      updateRole={{
        mutate: (input, options) => updateRole.mutate({ spaceId, ...input }, options),
        isPending: updateRole.isPending,
        variables: updateRole.variables,
      }}
      remove={{
        mutate: (input, options) => remove.mutate({ spaceId, ...input }, options),
        isPending: remove.isPending,
      }}
    />
  );
}
