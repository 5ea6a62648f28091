import type { AdminUser, Role } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Radio, Skeleton, Tree, Typography } from 'antd';
import type { Key } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useRoleOptions } from '../../../components/role-tag.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { projectTreeQuery, useAllocateProjects, userProjectIdsQuery } from '../admin.queries.ts';

/**
 * "Assign projects": a role and a tree of spaces and their projects, pre-checked with the user's current
 * projects. Saving makes the user a member of exactly the ticked projects, with that role.
 */
export function AllocateProjectsModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const open = user !== null;
  const tree = useQuery({ ...projectTreeQuery(), enabled: open });
  const current = useQuery({ ...userProjectIdsQuery(user?.id ?? ''), enabled: open });
  const mutation = useAllocateProjects();
  const [role, setRole] = useState<Role>('dev');
  const [checked, setChecked] = useState<string[]>([]);

  useEffect(() => {
    if (current.data) setChecked(current.data);
  }, [current.data]);

  const projectIds = new Set(
    (tree.data ?? []).flatMap((space) => space.children.map((project) => project.id)),
  );
  const treeData = (tree.data ?? []).map((space) => ({
    key: space.id,
    title: space.label,
    children: space.children.map((project) => ({ key: project.id, title: project.label })),
  }));

  let body = <Skeleton active paragraph={{ rows: 6 }} />;
  if (tree.isError || current.isError) body = <Alert type="error" showIcon title={t('common.loadFailed')} />;
  else if (tree.data && current.data)
    body =
      treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noProjects')} />
      ) : (
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          treeData={treeData}
          checkedKeys={checked}
          onCheck={(keys) => {
            const list = (Array.isArray(keys) ? keys : keys.checked) as Key[];
            setChecked(list.map(String).filter((key) => projectIds.has(key)));
          }}
          style={{ maxHeight: 360, overflow: 'auto' }}
        />
      );

  return (
    <FormModal
      open={open}
      title={t('admin.allocateTitle', { 0: user?.nickname || user?.username || '' })}
      okText={t('common.save')}
      saving={mutation}
      okDisabled={!tree.data || !current.data}
      onCancel={onClose}
      onOk={() => {
        if (!user) return;
        mutation.mutate(
          { userId: user.id, role, projectIds: checked },
          {
            onSuccess: () => {
              toastSuccess(t('common.saved'));
              onClose();
            },
          },
        );
      }}
      afterClose={() => {
        mutation.reset();
        setChecked([]);
        setRole('dev');
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('member.role')} extra={t('admin.allocateRoleHint')}>
          <Radio.Group
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            options={roleOptions}
            optionType="button"
          />
        </Form.Item>
        <Form.Item label={t('admin.projects')}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('admin.allocateHint', { 0: checked.length })}
          </Typography.Text>
          {body}
        </Form.Item>
      </Form>
    </FormModal>
  );
}
