import { DEFAULT_PAGE_SIZE, type Member, PAGE_SIZES, type Role } from '@quire/shared';
import { Button, Popconfirm, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RoleTag, useRoleOptions } from '../../components/role-tag.tsx';
import { formatDateTime } from '../../lib/format.ts';

/**
 * Members of a space or project: who (nickname, account, email, a "Me" tag), role (a select for those who
 * manage members), join time, and Remove behind a confirmation. The caller's own row cannot be changed
 * here, so nobody demotes or removes themselves by a slip.
 */
export function MemberTable({
  members,
  loading,
  currentUserId,
  canManage,
  pendingUserId,
  pagination,
  emptyText,
  onRoleChange,
  onRemove,
}: {
  members: Member[];
  loading: boolean;
  currentUserId: string | undefined;
  canManage: boolean;
  pendingUserId?: string;
  pagination?: TableProps<Member>['pagination'];
  emptyText: ReactNode;
  onRoleChange: (member: Member, role: Role) => void;
  onRemove: (member: Member) => void;
}) {
  const { t, i18n } = useTranslation();
  const roleOptions = useRoleOptions();

  const columns: TableProps<Member>['columns'] = [
    {
      key: 'member',
      title: t('member.member'),
      render: (_value, member) => (
        <Space orientation="vertical" size={0}>
          <Space size={6}>
            <Typography.Text strong>{member.nickname || member.username}</Typography.Text>
            {member.id === currentUserId ? <Tag color="blue">{t('member.me')}</Tag> : null}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {member.username}
            {member.email && member.email !== member.username ? ` · ${member.email}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'role',
      title: t('member.role'),
      width: 170,
      render: (_value, member) =>
        canManage && member.id !== currentUserId ? (
          <Select
            size="small"
            value={member.roleCode}
            options={roleOptions}
            style={{ width: 140 }}
            aria-label={t('member.roleOf', { 0: member.nickname || member.username })}
            disabled={pendingUserId === member.id}
            onChange={(role: Role) => onRoleChange(member, role)}
          />
        ) : (
          <RoleTag role={member.roleCode} />
        ),
    },
    {
      key: 'joinTime',
      title: t('member.joinTime'),
      dataIndex: 'joinTime',
      width: 190,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: t('user.actions'),
      width: 110,
      render: (_value, member) =>
        member.id === currentUserId ? null : (
          <Popconfirm
            title={t('member.removeConfirm', { 0: member.nickname || member.username })}
            okText={t('member.remove')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => onRemove(member)}
          >
            <Button type="link" danger size="small" style={{ padding: 0 }}>
              {t('member.remove')}
            </Button>
          </Popconfirm>
        ),
    });
  }

  return (
    <Table<Member>
      rowKey="id"
      columns={columns}
      dataSource={members}
      loading={loading}
      scroll={{ x: 640 }}
      locale={{ emptyText }}
      pagination={
        pagination ?? {
          defaultPageSize: DEFAULT_PAGE_SIZE,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          hideOnSinglePage: true,
          showTotal: (count) => t('common.total', { 0: count }),
        }
      }
    />
  );
}
