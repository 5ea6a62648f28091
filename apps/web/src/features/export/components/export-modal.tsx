import type { DocExportRequest } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Modal, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { listEnvironments } from '../../modules/modules.api.ts';
import { exportDocs, saveFile } from '../export.api.ts';

type Choice = 'markdown' | 'word' | 'openapi' | 'openapiYaml' | 'postman';
const CHOICES: Choice[] = ['markdown', 'word', 'openapi', 'openapiYaml', 'postman'];

interface Props {
  open: boolean;
  module: { id: string; name: string };
  onClose: () => void;
}

/** Exports a whole application: format, one file or one per doc, and the environments whose URLs print. */
export function ExportModal({ open, module, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [choice, setChoice] = useState<Choice>('markdown');
  const [style, setStyle] = useState<'allInOne' | 'perDoc'>('allInOne');
  const [environmentIds, setEnvironmentIds] = useState<string[]>([]);
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const environments = useQuery({
    queryKey: ['environments', module.id],
    queryFn: () => listEnvironments(module.id, { silent: true }),
    enabled: open,
  });
  const isDocument = choice === 'markdown' || choice === 'word';

  const submit = async () => {
    setError('');
    setIsBusy(true);
    const body: DocExportRequest = {
      format: choice === 'openapiYaml' ? 'openapi' : choice,
      moduleId: module.id,
      environmentIds,
      style: isDocument ? style : 'allInOne',
      openapiFormat: choice === 'openapiYaml' ? 'yaml' : 'json',
    };
    try {
      const file = await exportDocs(body);
      saveFile(file);
      void message.success(t('exportUi.done', { 0: file.fileName }));
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common.requestError'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('exportUi.title', { 0: module.name })}
      okText={t('exportUi.submit')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={isBusy}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('exportUi.format')} htmlFor="export-format">
          <Select
            id="export-format"
            value={choice}
            onChange={setChoice}
            options={CHOICES.map((value) => ({ value, label: t(`exportUi.${value}`) }))}
          />
        </Form.Item>
        {isDocument ? (
          <Form.Item label={t('exportUi.style')}>
            <Radio.Group value={style} onChange={(e) => setStyle(e.target.value)}>
              <Radio value="allInOne">{t('exportUi.allInOne')}</Radio>
              <Radio value="perDoc">{t('exportUi.perDoc')}</Radio>
            </Radio.Group>
          </Form.Item>
        ) : null}
        <Form.Item label={t('exportUi.environments')}>
          {environments.isPending ? (
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          ) : environments.isError ? (
            <Typography.Text type="danger">{t('exportUi.environmentsError')}</Typography.Text>
          ) : environments.data.length === 0 ? (
            <Typography.Text type="secondary">{t('exportUi.noEnvironments')}</Typography.Text>
          ) : (
            <Checkbox.Group
              value={environmentIds}
              onChange={(values) => setEnvironmentIds(values as string[])}
              options={environments.data.map((env) => ({
                value: env.id,
                label: `${env.name} (${env.baseUrl})`,
              }))}
            />
          )}
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} /> : null}
      </Form>
    </Modal>
  );
}
