import { PlusOutlined } from '@ant-design/icons';
import { BUILTIN_LANGS, type I18nPack } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Form,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  type TableProps,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import {
  adminSettingQuery,
  i18nPacksQuery,
  useDeleteI18nPack,
  useUpdateAdminSetting,
} from '../features/admin/admin.queries.ts';
import { LanguagePackModal } from '../features/admin/components/language-pack-modal.tsx';
import { ProxyHostsCard } from '../features/debug/components/proxy-hosts-card.tsx';
import { LdapSettingsCard } from '../features/signin/components/ldap-settings-card.tsx';
import { OidcSettingsCard } from '../features/signin/components/oidc-settings-card.tsx';
import { languagesQuery } from '../features/system/system.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Registration on/off and the default language; each change is saved at once. */
function BaseSettings() {
  const { t } = useTranslation();
  const setting = useQuery(adminSettingQuery());
  const languages = useQuery(languagesQuery());
  const update = useUpdateAdminSetting();

  if (setting.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (setting.isError) return <ErrorState onRetry={() => void setting.refetch()} />;

  const options = new Map<string, string>(BUILTIN_LANGS.map((l) => [l.lang, l.description]));
  for (const option of languages.data ?? [])
    if (!options.has(option.lang)) options.set(option.lang, option.description);
  if (!options.has(setting.data.defaultLang)) options.set(setting.data.defaultLang, setting.data.defaultLang);

  return (
    <Form layout="vertical" style={{ maxWidth: 480 }}>
      <Form.Item label={t('admin.enableReg')} extra={t('admin.enableRegHint')}>
        <Switch
          checked={setting.data.enableReg}
          loading={update.isPending && update.variables?.enableReg !== undefined}
          aria-label={t('admin.enableReg')}
          onChange={(enableReg) =>
            update.mutate({ enableReg }, { onSuccess: () => toastSuccess(t('common.saved')) })
          }
        />
      </Form.Item>
      <Form.Item label={t('admin.defaultLang')} extra={t('admin.defaultLangHint')}>
        <Select
          value={setting.data.defaultLang}
          aria-label={t('admin.defaultLang')}
          loading={languages.isPending || (update.isPending && update.variables?.defaultLang !== undefined)}
          options={[...options].map(([value, label]) => ({
            value,
            label: value === label ? value : `${label} (${value})`,
          }))}
          onChange={(defaultLang: string) =>
            update.mutate({ defaultLang }, { onSuccess: () => toastSuccess(t('common.saved')) })
          }
        />
      </Form.Item>
    </Form>
  );
}

/** Uploaded language packs: add, edit, delete. */
function LanguagePacks() {
  const { t, i18n } = useTranslation();
  const packs = useQuery(i18nPacksQuery());
  const remove = useDeleteI18nPack();
  const [editing, setEditing] = useState<{ packId?: string } | null>(null);

  if (packs.isError) return <ErrorState onRetry={() => void packs.refetch()} />;

  const columns: TableProps<I18nPack>['columns'] = [
    { key: 'lang', title: t('admin.packLang'), dataIndex: 'lang', width: 140 },
    { key: 'description', title: t('admin.packDescription'), dataIndex: 'description' },
    {
      key: 'updateTime',
      title: t('admin.updateTime'),
      dataIndex: 'updateTime',
      width: 190,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 160,
      render: (_value, pack) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => setEditing({ packId: pack.id })}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('admin.deletePackConfirm', { 0: pack.lang })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutate(pack.id, { onSuccess: () => toastSuccess(t('common.deleted')) })}
          >
            <Button type="link" size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing({})}
        style={{ marginBottom: 16 }}
      >
        {t('admin.addPack')}
      </Button>
      <Table<I18nPack>
        rowKey="id"
        columns={columns}
        dataSource={packs.data ?? []}
        loading={packs.isPending}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.noPacks')} />,
        }}
      />
      <LanguagePackModal open={editing !== null} packId={editing?.packId} onClose={() => setEditing(null)} />
    </>
  );
}

/** `/admin/setting`: registration, default language, sign-in sources and language packs. */
export function AdminSettingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('layout.systemSetting'));
  return (
    <>
      <PageHeader title={t('layout.systemSetting')} />
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title={t('admin.baseSettings')}>
          <BaseSettings />
        </Card>
        <LdapSettingsCard />
        <OidcSettingsCard />
        <Card title={t('admin.languagePacks')} extra={null}>
          <p style={{ marginTop: 0, color: 'var(--q-text-2)' }}>{t('admin.languagePacksIntro')}</p>
          <LanguagePacks />
        </Card>
        <ProxyHostsCard />
      </Space>
    </>
  );
}
