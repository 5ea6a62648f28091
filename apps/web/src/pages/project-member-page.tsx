import { PlusOutlined } from '@ant-design/icons';
import type { Role } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useRoleOptions } from '../components/role-tag.tsx';
import { AddMembersModal } from '../features/members/add-members-modal.tsx';
import { MemberTable } from '../features/members/member-table.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import {
  projectInfoQuery,
  projectMembersQuery,
  useAddProjectMembers,
  useRemoveProjectMember,
  useUpdateProjectMemberRole,
} from '../features/projects/projects.queries.ts';
import { userLabel } from '../features/spaces/components/user-search-select.tsx';
import { allSpaceMembersQuery } from '../features/spaces/spaces.queries.ts';
import { profileQuery } from '../features/user/user.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/project/member/{projectId}`: the project's members (guest, dev, admin) with join time, filtered by name
 * and role. Project admins add members of the space, change roles and remove members.
 */
export function ProjectMemberPage() {
  const { t } = useTranslation();
  const projectId = useParams().projectId ?? '';
  useDocumentTitle(t('layout.projectMembers'));
  const { canProject } = usePermissions();
  const canManage = canProject(projectId, 'project.member.manage');
  const profile = useQuery(profileQuery());
  const project = useQuery(projectInfoQuery(projectId));
  const spaceId = project.data?.spaceId ?? '';
  const [search, setSearch] = useState('');
  const username = useDebouncedValue(search.trim());
  const [roleCode, setRoleCode] = useState<Role | undefined>(undefined);
  const members = useQuery(projectMembersQuery(projectId, username, roleCode));
  const spaceMembers = useQuery({ ...allSpaceMembersQuery(spaceId), enabled: canManage && spaceId !== '' });
  const add = useAddProjectMembers();
  const updateRole = useUpdateProjectMemberRole();
  const remove = useRemoveProjectMember();
  const [isAdding, setIsAdding] = useState(false);
  const roleOptions = useRoleOptions();

  if (members.isError && !members.data) return <ErrorState onRetry={() => void members.refetch()} />;

  const current = new Set((members.data ?? []).map((member) => member.id));
  const candidates = (spaceMembers.data ?? []).filter((member) => !current.has(member.id));
  const isFiltered = username !== '' || roleCode !== undefined;

  return (
    <>
      <PageHeader
        title={t('layout.projectMembers')}
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
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ width: 280 }}
          />
          <Select
            allowClear
            placeholder={t('member.allRoles')}
            aria-label={t('member.role')}
            value={roleCode}
            onChange={(value?: Role) => setRoleCode(value)}
            options={roleOptions}
            style={{ width: 160 }}
          />
        </Space>
        <MemberTable
          members={members.data ?? []}
          loading={members.isFetching}
          currentUserId={profile.data?.id}
          canManage={canManage}
          pendingUserId={updateRole.isPending ? updateRole.variables?.userId : undefined}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={isFiltered ? t('member.noMatch') : t('member.projectEmpty')}
            />
          }
          onRoleChange={(member, role) =>
            updateRole.mutate(
              { projectId, userId: member.id, roleCode: role },
              { onSuccess: () => toastSuccess(t('member.roleChanged')) },
            )
          }
          onRemove={(member) =>
            remove.mutate(
              { projectId, userId: member.id },
              { onSuccess: () => toastSuccess(t('member.removed')) },
            )
          }
        />
      </Card>
      <AddMembersModal
        open={isAdding}
        title={t('member.addToProject')}
        picker={
          <Select
            mode="multiple"
            loading={spaceMembers.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('member.pickSpaceMembers')}
            notFoundContent={t('member.noCandidates')}
            options={candidates.map((member) => ({
              value: member.id,
              label: member.email ? `${userLabel(member)} · ${member.email}` : userLabel(member),
            }))}
          />
        }
        isPending={add.isPending}
        error={add.error?.message}
        onClose={() => {
          setIsAdding(false);
          add.reset();
        }}
        onSubmit={(values) =>
          add.mutate(
            { projectId, ...values },
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
