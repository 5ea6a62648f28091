import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type MemberFilterState, MembersPanel } from '../features/members/members-panel.tsx';
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
  const project = useQuery(projectInfoQuery(projectId));
  const spaceId = project.data?.spaceId ?? '';
  const [filter, setFilter] = useState<MemberFilterState>({ search: '', role: undefined });
  const username = useDebouncedValue(filter.search.trim());
  const members = useQuery(projectMembersQuery(projectId, username, filter.role));
  const spaceMembers = useQuery({ ...allSpaceMembersQuery(spaceId), enabled: canManage && spaceId !== '' });
  const add = useAddProjectMembers();
  const updateRole = useUpdateProjectMemberRole();
  const remove = useRemoveProjectMember();
  const current = new Set((members.data ?? []).map((member) => member.id));
  const candidates = (spaceMembers.data ?? []).filter((member) => !current.has(member.id));

  return (
    <MembersPanel
      title={t('layout.projectMembers')}
      addTitle={t('member.addToProject')}
      emptyText={t('member.projectEmpty')}
      canManage={canManage}
      filter={filter}
      onFilterChange={setFilter}
      withRoleFilter
      members={{
        rows: members.data ?? [],
        isFetching: members.isFetching,
        isError: members.isError,
        hasData: members.data !== undefined,
        refetch: () => void members.refetch(),
      }}
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
      add={{
        mutate: (input, options) => add.mutate({ projectId, ...input }, options),
        isPending: add.isPending,
        error: add.error,
        reset: add.reset,
      }}
      updateRole={{
        mutate: (input, options) => updateRole.mutate({ projectId, ...input }, options),
        isPending: updateRole.isPending,
        variables: updateRole.variables,
      }}
      remove={{
        mutate: (input, options) => remove.mutate({ projectId, ...input }, options),
        isPending: remove.isPending,
      }}
    />
  );
}
