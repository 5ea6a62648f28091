import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { AddMembersModal } from '../features/members/add-members-modal.tsx';
import { MemberTable } from '../features/members/member-table.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { UserSearchSelect } from '../features/spaces/components/user-search-select.tsx';
import {
  allSpaceMembersQuery,
  spaceMemberPageQuery,
  useAddSpaceMembers,
  useRemoveSpaceMember,
  useUpdateSpaceMemberRole,
} from '../features/spaces/spaces.queries.ts';
import { profileQuery } from '../features/user/user.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/space/member/{spaceId}`: the space's members, searchable and paged. Space admins add people found by a
 * search with a role, change roles and remove members; the server refuses to lose the last admin and its
 * message is shown as is.
 */
export function SpaceMemberPage() {
  const { t } = useTranslation();
  const spaceId = useParams().spaceId ?? '';
  useDocumentTitle(t('layout.members'));
  const { canSpace } = usePermissions();
  const canManage = canSpace(spaceId, 'space.member.manage');
  const profile = useQuery(profileQuery());
  const [search, setSearch] = useState('');
  const username = useDebouncedValue(search.trim());
  const [page, setPage] = useState({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const request = { spaceId, username: username || undefined, ...page };
  const members = useQuery(spaceMemberPageQuery(request));
  const allMembers = useQuery({ ...allSpaceMembersQuery(spaceId), enabled: canManage });
  const add = useAddSpaceMembers();
  const updateRole = useUpdateSpaceMemberRole();
  const remove = useRemoveSpaceMember();
  const [isAdding, setIsAdding] = useState(false);

  if (members.isError && !members.data) return <ErrorState onRetry={() => void members.refetch()} />;

  const existing = new Set((allMembers.data ?? []).map((member) => member.id));

  return (
    <>
      <PageHeader
        title={t('layout.members')}
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
              {t('member.add')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Input.Search
          allowClear
          placeholder={t('member.filterPlaceholder')}
          aria-label={t('member.filterPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage((previous) => ({ ...previous, pageIndex: 1 }));
          }}
          style={{ maxWidth: 320, marginBottom: 16 }}
        />
        <MemberTable
          members={members.data?.list ?? []}
          loading={members.isFetching}
          currentUserId={profile.data?.id}
          canManage={canManage}
          pendingUserId={updateRole.isPending ? updateRole.variables?.userId : undefined}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={username ? t('member.noMatch') : t('member.empty')}
            />
          }
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: members.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('common.total', { 0: total }),
            onChange: (pageIndex, pageSize) =>
              setPage((previous) => ({
                pageIndex: pageSize === previous.pageSize ? pageIndex : 1,
                pageSize,
              })),
          }}
          onRoleChange={(member, roleCode) =>
            updateRole.mutate(
              { spaceId, userId: member.id, roleCode },
              { onSuccess: () => toastSuccess(t('member.roleChanged')) },
            )
          }
          onRemove={(member) =>
            remove.mutate(
              { spaceId, userId: member.id },
              { onSuccess: () => toastSuccess(t('member.removed')) },
            )
          }
        />
      </Card>
      <AddMembersModal
        open={isAdding}
        title={t('member.addToSpace')}
        picker={<UserSearchSelect excludeIds={existing} />}
        isPending={add.isPending}
        error={add.error?.message}
        onClose={() => {
          setIsAdding(false);
          add.reset();
        }}
        onSubmit={(values) =>
          add.mutate(
            { spaceId, ...values },
            {
              onSuccess: () => {
                toastSuccess(t('member.added'));
                setIsAdding(false);
              },
            },
          )
        }
      />
    </>
  );
}
