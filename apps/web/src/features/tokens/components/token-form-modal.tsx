import { type PersonalTokenCreated, TokenAddRequest } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal.tsx';
import { useRevalidateOnLanguageChange, zodRule } from '../../../lib/form-rules.ts';
import { viewProjectsQuery } from '../../view/view-prefetch.ts';
import { useAddToken } from '../tokens.queries.ts';

interface TokenValues {
  name: string;
  expiry: string;
  scope: 'read' | 'write';
  projectIds: string[];
}

/** Expiry choices in days; `never` is no expiry. */
const EXPIRY_DAYS = ['7', '30', '90', '365'] as const;

/** Creates a personal access token; the answer (with its one-time secret) goes to `onCreated`. */
export function TokenFormModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: PersonalTokenCreated) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TokenValues>();
  const add = useAddToken();
  useRevalidateOnLanguageChange(form, add.reset);
  // The projects the caller reads, grouped by space: what a token may be limited to.
  const projects = useQuery({ ...viewProjectsQuery, enabled: open });

  const handleFinish = (values: TokenValues) => {
    add.mutate(
      {
        name: values.name.trim(),
        scope: values.scope,
        expiresInDays: values.expiry === 'never' ? null : Number(values.expiry),
        projectIds: values.projectIds ?? [],
      },
      {
        onSuccess: (created) => {
          onClose();
          onCreated(created);
        },
      },
    );
  };

  return (
    <FormModal
      open={open}
      title={t('tokens.createTitle')}
      okText={t('common.create')}
      saving={add}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => {
        add.reset();
        form.resetFields();
      }}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={handleFinish}
        initialValues={{ name: '', expiry: '90', scope: 'read', projectIds: [] }}
      >
        <Form.Item
          name="name"
          label={t('tokens.name')}
          required
          rules={[zodRule(TokenAddRequest.shape.name, t)]}
        >
          <Input placeholder={t('tokens.namePlaceholder')} autoFocus maxLength={64} />
        </Form.Item>
        <Form.Item name="expiry" label={t('tokens.expiry')}>
          <Select
            aria-label={t('tokens.expiry')}
            options={[
              ...EXPIRY_DAYS.map((days) => ({ value: days, label: t('tokens.expiryDays', { 0: days }) })),
              { value: 'never', label: t('tokens.expiryNever') },
            ]}
          />
        </Form.Item>
        <Form.Item name="scope" label={t('tokens.scope')} extra={t('tokens.scopeWriteHelp')}>
          <Radio.Group
            options={[
              { value: 'read', label: t('tokens.scopeRead') },
              { value: 'write', label: t('tokens.scopeWrite') },
            ]}
          />
        </Form.Item>
        <Form.Item name="projectIds" label={t('tokens.projects')} extra={t('tokens.projectsHelp')}>
          <Select
            mode="multiple"
            allowClear
            aria-label={t('tokens.projects')}
            placeholder={t('tokens.projectsPlaceholder')}
            loading={projects.isLoading}
            optionFilterProp="label"
            options={(projects.data ?? []).map((space) => ({
              label: space.name,
              title: space.name,
              options: space.projects.map((p) => ({ value: p.id, label: p.name })),
            }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
