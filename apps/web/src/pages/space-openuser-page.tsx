import { PlusOutlined } from '@ant-design/icons';
import { type OpenUser, OpenUserAddRequest, type OpenUserWithSecret, Status } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Form,
  Input,
  Popconfirm,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { FormModal } from '../components/form-modal.tsx';
import { NoPermission } from '../components/no-permission.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ShownOnceModal } from '../components/shown-once-modal.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import {
  openUsersQuery,
  useAddOpenUser,
  useResetOpenUserSecret,
  useSetOpenUserEnabled,
} from '../features/spaces/spaces.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { useRevalidateOnLanguageChange, zodRule } from '../lib/form-rules.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

function NewOpenUserModal({
  open,
  spaceId,
  onClose,
  onCreated,
}: {
  open: boolean;
  spaceId: string;
  onClose: () => void;
  onCreated: (client: OpenUserWithSecret) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ applicant: string }>();
  const mutation = useAddOpenUser(spaceId);
  useRevalidateOnLanguageChange(form, mutation.reset);
  return (
    <FormModal
      open={open}
      title={t('openUser.new')}
      okText={t('common.create')}
      saving={mutation}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
    >
      <Form
        name="openUser"
        form={form}
        layout="vertical"
        initialValues={{ applicant: '' }}
        onFinish={({ applicant }) =>
          mutation.mutate(
            { spaceId, applicant: applicant.trim() },
            { onSuccess: (client) => onCreated(client) },
          )
        }
      >
        <Form.Item
          name="applicant"
          label={t('openUser.applicant')}
          extra={t('openUser.applicantHint')}
          rules={[zodRule(OpenUserAddRequest.shape.applicant, t)]}
        >
          <Input autoFocus maxLength={64} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * `/space/openuser/{spaceId}` (space admins): appKey/secret clients of the open API. Create, enable or disable
 * and reset the secret; a secret is shown once, when created or reset.
 */
export function SpaceOpenUserPage() {
  const { t, i18n } = useTranslation();
  const spaceId = useParams().spaceId ?? '';
  useDocumentTitle(t('layout.openUsers'));
  const perms = usePermissions();
  const canManage = perms.canSpace(spaceId, 'space.openUser.manage');
  const clients = useQuery({ ...openUsersQuery(spaceId), enabled: canManage });
  const setEnabled = useSetOpenUserEnabled(spaceId);
  const reset = useResetOpenUserSecret(spaceId);
  const [isCreating, setIsCreating] = useState(false);
  const [shown, setShown] = useState<{ client: OpenUserWithSecret; isReset: boolean } | null>(null);

  if (!perms.isLoaded) return <PageSpinner />;
  if (!canManage) return <NoPermission text={t('openUser.adminsOnly')} />;
  if (clients.isError) return <ErrorState onRetry={() => void clients.refetch()} />;

  const columns: TableProps<OpenUser>['columns'] = [
    {
      key: 'appKey',
      title: 'AppKey',
      dataIndex: 'appKey',
      render: (value: string) => (
        <Typography.Text code copyable={{ text: value }}>
          {value}
        </Typography.Text>
      ),
    },
    {
      key: 'secret',
      title: 'Secret',
      width: 150,
      render: () => <Typography.Text type="secondary">{t('openUser.secretHidden')}</Typography.Text>,
    },
    {
      key: 'applicant',
      title: t('openUser.applicant'),
      dataIndex: 'applicant',
      render: (value: string) => value || '—',
    },
    {
      key: 'status',
      title: t('openUser.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number) =>
        status === Status.enable ? (
          <Tag color="green">{t('openUser.enabled')}</Tag>
        ) : (
          <Tag color="red">{t('openUser.disabled')}</Tag>
        ),
    },
    { key: 'creatorName', title: t('dashboard.creator'), dataIndex: 'creatorName', width: 140 },
    {
      key: 'createTime',
      title: t('openUser.addTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 200,
      render: (_value, client) => {
        const isEnabled = client.status === Status.enable;
        return (
          <Space size="middle">
            <Popconfirm
              title={isEnabled ? t('openUser.disableConfirm') : t('openUser.enableConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                setEnabled.mutate(
                  { id: client.id, enabled: !isEnabled },
                  { onSuccess: () => toastSuccess(t('common.saved')) },
                )
              }
            >
              <Button type="link" size="small" danger={isEnabled} style={{ padding: 0 }}>
                {isEnabled ? t('openUser.disable') : t('openUser.enable')}
              </Button>
            </Popconfirm>
            <Popconfirm
              title={t('openUser.resetConfirm')}
              okText={t('openUser.resetSecret')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                reset.mutate(client.id, {
                  onSuccess: (updated) => setShown({ client: updated, isReset: true }),
                })
              }
            >
              <Button type="link" size="small" style={{ padding: 0 }}>
                {t('openUser.resetSecret')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('layout.openUsers')}
        description={t('openUser.intro')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
            {t('openUser.new')}
          </Button>
        }
      />
      <Card>
        <Table<OpenUser>
          rowKey="id"
          columns={columns}
          dataSource={clients.data ?? []}
          loading={clients.isFetching}
          scroll={{ x: 900 }}
          pagination={false}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('openUser.empty')}>
                <Button onClick={() => setIsCreating(true)}>{t('openUser.new')}</Button>
              </Empty>
            ),
          }}
        />
      </Card>
      <NewOpenUserModal
        open={isCreating}
        spaceId={spaceId}
        onClose={() => setIsCreating(false)}
        onCreated={(client) => {
          setIsCreating(false);
          setShown({ client, isReset: false });
        }}
      />
      <ShownOnceModal
        open={shown !== null}
        title={shown?.isReset ? t('openUser.secretResetTitle') : t('openUser.createdTitle')}
        description={t('openUser.secretOnce')}
        values={
          shown
            ? [
                { label: 'AppKey', value: shown.client.appKey },
                { label: 'Secret', value: shown.client.secret, isSecret: true },
              ]
            : []
        }
        onClose={() => setShown(null)}
      />
    </>
  );
}
