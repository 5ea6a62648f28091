import { PlusOutlined } from '@ant-design/icons';
import {
  type AdminUser,
  DEFAULT_PAGE_SIZE,
  type InitialPassword,
  PAGE_SIZES,
  UserStatus,
} from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { ShownOnceModal } from '../components/shown-once-modal.tsx';
import { useResetUserPassword, userPageQuery, useSetUserEnabled } from '../features/admin/admin.queries.ts';
import { AllocateProjectsModal } from '../features/admin/components/allocate-projects-modal.tsx';
import { CreateUserModal } from '../features/admin/components/create-user-modal.tsx';
import { STATUS_LABELS, UserStatusTag } from '../features/admin/components/user-status-tag.tsx';
import { profileQuery } from '../features/user/user.queries.ts';
import { sourceLabelKey } from '../features/user/user-source.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Accounts that sign in elsewhere have no password here to reset. */
const THIRD_PARTY: ReadonlySet<string> = new Set(['form', 'oauth', 'ldap']);

/** The list's request: page and filters. */
interface UserPageState {
  pageIndex: number;
  pageSize: number;
  username?: string;
  status?: number;
}

interface Filters {
  username?: string;
  status?: number;
}

/**
 * `/admin/users`: every account, searchable by account/nickname and status, paged 5 to 100. Create users and
 * reset passwords (the password is shown once), enable or disable accounts, assign projects with a role.
 */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('layout.userManagement'));
  const [filterForm] = Form.useForm<Filters>();
  const [request, setRequest] = useState<UserPageState>({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const users = useQuery(userPageQuery(request));
  const profile = useQuery(profileQuery());
  const setEnabled = useSetUserEnabled();
  const reset = useResetUserPassword();
  const [isCreating, setIsCreating] = useState(false);
  const [allocating, setAllocating] = useState<AdminUser | null>(null);
  const [shown, setShown] = useState<{ password: InitialPassword; isReset: boolean } | null>(null);

  if (users.isError && !users.data) return <ErrorState onRetry={() => void users.refetch()} />;

  const statusOptions = [UserStatus.enabled, UserStatus.setPassword, UserStatus.disabled].map((status) => ({
    value: status,
    label: t(STATUS_LABELS[status] ?? 'user.statusNormal'),
  }));

  const columns: TableProps<AdminUser>['columns'] = [
    {
      key: 'username',
      title: t('user.loginAccount'),
      dataIndex: 'username',
      render: (username: string, user) => (
        <Space size={6} wrap>
          <span>{username}</span>
          {user.isSuperAdmin ? <Tag color="purple">{t('user.superAdmin')}</Tag> : null}
          {user.id === profile.data?.id ? <Tag color="blue">{t('member.me')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'nickname', title: t('user.nickname'), dataIndex: 'nickname' },
    { key: 'email', title: t('user.email'), dataIndex: 'email', render: (email: string) => email || '—' },
    {
      key: 'source',
      title: t('user.source'),
      dataIndex: 'source',
      width: 150,
      render: (source: string) => t(sourceLabelKey(source)),
    },
    {
      key: 'status',
      title: t('admin.status'),
      dataIndex: 'status',
      width: 150,
      render: (status: number) => <UserStatusTag status={status} />,
    },
    {
      key: 'gmtCreate',
      title: t('user.regTime'),
      dataIndex: 'gmtCreate',
      width: 180,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 280,
      fixed: 'right',
      render: (_value, user) => {
        const isSelf = user.id === profile.data?.id;
        const isDisabled = user.status === UserStatus.disabled;
        return (
          <Space size={4} wrap>
            <Button type="link" size="small" onClick={() => setAllocating(user)}>
              {t('admin.allocate')}
            </Button>
            {THIRD_PARTY.has(user.source) ? null : (
              <Popconfirm
                title={t('admin.resetConfirm', { 0: user.username })}
                description={t('admin.resetConfirmText')}
                okText={t('admin.resetPassword')}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  reset.mutate(user.id, { onSuccess: (password) => setShown({ password, isReset: true }) })
                }
              >
                <Button type="link" size="small">
                  {t('admin.resetPassword')}
                </Button>
              </Popconfirm>
            )}
            {isSelf ? null : (
              <Popconfirm
                title={
                  isDisabled
                    ? t('admin.enableConfirm', { 0: user.username })
                    : t('admin.disableConfirm', { 0: user.username })
                }
                description={isDisabled ? undefined : t('admin.disableConfirmText')}
                okText={isDisabled ? t('admin.enable') : t('admin.disable')}
                okButtonProps={{ danger: !isDisabled }}
                cancelText={t('common.cancel')}
                onConfirm={() =>
                  setEnabled.mutate(
                    { id: user.id, enabled: isDisabled },
                    { onSuccess: () => toastSuccess(t('common.saved')) },
                  )
                }
              >
                <Button type="link" size="small" danger={!isDisabled}>
                  {isDisabled ? t('admin.enable') : t('admin.disable')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('layout.userManagement')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
            {t('admin.createUser')}
          </Button>
        }
      />
      <Card>
        <Form
          name="userFilter"
          form={filterForm}
          layout="inline"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(values) =>
            setRequest((previous) => ({
              ...previous,
              pageIndex: 1,
              username: values.username?.trim() || undefined,
              status: values.status,
            }))
          }
        >
          <Form.Item name="username" label={t('admin.searchUser')}>
            <Input allowClear placeholder={t('admin.searchUserPlaceholder')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="status" label={t('admin.status')}>
            <Select
              allowClear
              placeholder={t('admin.allStatuses')}
              options={statusOptions}
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('common.search')}
              </Button>
              <Button
                onClick={() => {
                  filterForm.resetFields();
                  setRequest((previous) => ({ pageIndex: 1, pageSize: previous.pageSize }));
                }}
              >
                {t('common.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<AdminUser>
          rowKey="id"
          columns={columns}
          dataSource={users.data?.list ?? []}
          loading={users.isFetching}
          scroll={{ x: 1100 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  request.username || request.status !== undefined
                    ? t('admin.noUserMatch')
                    : t('common.empty')
                }
              />
            ),
          }}
          pagination={{
            current: request.pageIndex,
            pageSize: request.pageSize,
            total: users.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('common.total', { 0: total }),
            onChange: (pageIndex, pageSize) =>
              setRequest((previous) => ({
                ...previous,
                pageIndex: pageSize === previous.pageSize ? pageIndex : 1,
                pageSize,
              })),
          }}
        />
      </Card>
      <CreateUserModal
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(password) => {
          setIsCreating(false);
          setShown({ password, isReset: false });
        }}
      />
      <AllocateProjectsModal user={allocating} onClose={() => setAllocating(null)} />
      <ShownOnceModal
        open={shown !== null}
        title={shown?.isReset ? t('admin.passwordResetTitle') : t('admin.userCreatedTitle')}
        description={t('admin.passwordOnce')}
        values={
          shown
            ? [
                { label: t('user.loginAccount'), value: shown.password.username },
                { label: t('auth.password'), value: shown.password.password, isSecret: true },
              ]
            : []
        }
        onClose={() => setShown(null)}
      />
    </>
  );
}
