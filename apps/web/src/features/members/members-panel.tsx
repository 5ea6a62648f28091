import { PlusOutlined } from '@ant-design/icons';
import type { Member, Role } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Select, Space, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useRoleOptions } from '../../components/role-tag.tsx';
import { toastSuccess } from '../../lib/feedback.ts';
import { profileQuery } from '../user/user.queries.ts';
import { AddMembersModal } from './add-members-modal.tsx';
import { MemberTable } from './member-table.tsx';

/** What a members page filters by: the search text as typed, and a role where the scope offers that filter. */
export interface MemberFilterState {
  search: string;
  role: Role | undefined;
}

/** A mutation as the panel uses it: start it, and whether it is running (with its last input). */
interface Action<I> {
  mutate: (input: I, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  variables?: I | undefined;
}

/**
 * The members page of a space or a project: header with "Add members", filters, the member table and the
 * add dialog. The scope's page supplies the data (a server page for spaces, the whole list for projects)
 * and the user picker (a search of all users, or the space's members); everything a person sees and does is
 * this one component, so both pages behave alike.
 */
export function MembersPanel({
  title,
  addTitle,
  emptyText,
  canManage,
  filter,
  onFilterChange,
  withRoleFilter,
  members,
  pagination,
  picker,
  add,
  updateRole,
  remove,
}: {
  title: string;
  addTitle: string;
  /** Shown when the scope has no members at all (with a filter: "no match"). */
  emptyText: string;
  canManage: boolean;
  filter: MemberFilterState;
  onFilterChange: (filter: MemberFilterState) => void;
  withRoleFilter: boolean;
  members: { rows: Member[]; isFetching: boolean; isError: boolean; hasData: boolean; refetch: () => void };
  pagination?: TableProps<Member>['pagination'];
  picker: ReactNode;
  add: Action<{ userIds: string[]; roleCode: Role }> & { error: Error | null; reset: () => void };
  updateRole: Action<{ userId: string; roleCode: Role }>;
  remove: Action<{ userId: string }>;
}) {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery());
  const roleOptions = useRoleOptions();
  const [isAdding, setIsAdding] = useState(false);

  if (members.isError && !members.hasData) return <ErrorState onRetry={members.refetch} />;

  const isFiltered = filter.search.trim() !== '' || filter.role !== undefined;

  return (
    <>
      <PageHeader
        title={title}
        extra={
          canManage ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
              {t('member.add')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('member.filterPlaceholder')}
            aria-label={t('member.filterPlaceholder')}
            value={filter.search}
            onChange={(event) => onFilterChange({ ...filter, search: event.target.value })}
            style={{ width: 320 }}
          />
          {withRoleFilter ? (
            <Select
              allowClear
              placeholder={t('member.allRoles')}
              aria-label={t('member.role')}
              value={filter.role}
              onChange={(role?: Role) => onFilterChange({ ...filter, role })}
              options={roleOptions}
              style={{ width: 160 }}
            />
          ) : null}
        </Space>
        <MemberTable
          members={members.rows}
          loading={members.isFetching}
          currentUserId={profile.data?.id}
          canManage={canManage}
          pendingUserId={updateRole.isPending ? updateRole.variables?.userId : undefined}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={isFiltered ? t('member.noMatch') : emptyText}
            />
          }
          {...(pagination === undefined ? {} : { pagination })}
          onRoleChange={(member, roleCode) =>
            updateRole.mutate(
              { userId: member.id, roleCode },
              { onSuccess: () => toastSuccess(t('member.roleChanged')) },
            )
          }
          onRemove={(member) =>
            remove.mutate({ userId: member.id }, { onSuccess: () => toastSuccess(t('member.removed')) })
          }
        />
      </Card>
      <AddMembersModal
        open={isAdding}
        title={addTitle}
        picker={picker}
        isPending={add.isPending}
        error={add.error?.message}
        onClose={() => {
          setIsAdding(false);
          add.reset();
        }}
        onSubmit={(values) =>
          add.mutate(values, {
            onSuccess: () => {
              toastSuccess(t('member.added'));
              setIsAdding(false);
            },
          })
        }
      />
    </>
  );
}
