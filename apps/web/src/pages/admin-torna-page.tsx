import { ImportOutlined } from '@ant-design/icons';
import { TornaImportRequest } from '@quire/shared';
import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { TornaJob } from '../features/torna-import/components/torna-job.tsx';
import { useAfterTornaImport, useStartTorna } from '../features/torna-import/torna-import.queries.ts';
import { zodRule } from '../lib/form-rules.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

interface TornaValues {
  url: string;
  salt?: string;
}

/**
 * `/admin/torna`: Backend management › Import from Torna (docs/torna-import.md). The super admin names the
 * Torna database, runs a dry run to read the report, then the import; both are jobs, followed here until their
 * report. The job's id is in the address (`?job=`), so a reload keeps following it; the URL typed in the form
 * is kept only in the form (the server stores it sealed and never answers it).
 */
export function AdminTornaPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('tornaUi.title'));
  const [form] = Form.useForm<TornaValues>();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [running, setRunning] = useState(false);
  const start = useStartTorna();
  const afterImport = useAfterTornaImport();
  const { modal } = App.useApp();

  const begin = async (dryRun: boolean) => {
    const values = await form.validateFields();
    const body = { url: values.url.trim(), ...(values.salt?.trim() ? { salt: values.salt.trim() } : {}) };
    const started = await start.mutateAsync({ dryRun, body });
    setRunning(true);
    setParams({ job: started.jobId }, { replace: true });
  };
  const confirmImport = async () => {
    await form.validateFields();
    modal.confirm({
      title: t('tornaUi.importConfirm'),
      content: t('tornaUi.importConfirmText'),
      okText: t('tornaUi.import'),
      cancelText: t('common.cancel'),
      onOk: () => begin(false).catch(() => undefined),
    });
  };
  const onFinished = useCallback(
    (job: { torna?: { dryRun: boolean } | null }) => {
      setRunning(false);
      if (job.torna && !job.torna.dryRun) afterImport();
    },
    [afterImport],
  );

  return (
    <div>
      <PageHeader title={t('tornaUi.title')} description={t('tornaUi.intro')} />
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Form<TornaValues> form={form} layout="vertical" requiredMark style={{ maxWidth: 720 }}>
            <Form.Item
              name="url"
              label={t('tornaUi.url')}
              extra={t('tornaUi.urlHelp')}
              rules={[zodRule(TornaImportRequest.shape.url, t)]}
            >
              {/* A password field: the URL carries the database password, so it is not shown while typed. */}
              <Input.Password
                autoComplete="off"
                spellCheck={false}
                placeholder="mysql://torna:password@127.0.0.1:3306/torna"
                visibilityToggle
              />
            </Form.Item>
            <Form.Item
              name="salt"
              label={t('tornaUi.salt')}
              extra={t('tornaUi.saltHelp')}
              rules={[zodRule(TornaImportRequest.shape.salt, t)]}
            >
              <Input autoComplete="off" spellCheck={false} />
            </Form.Item>
            {start.isError ? (
              <Form.Item>
                <Alert type="error" showIcon role="alert" title={start.error.message} />
              </Form.Item>
            ) : null}
            <Space wrap>
              <Button
                onClick={() => void begin(true).catch(() => undefined)}
                loading={start.isPending && start.variables?.dryRun === true}
                disabled={running}
              >
                {t('tornaUi.dryRun')}
              </Button>
              <Button
                type="primary"
                icon={<ImportOutlined />}
                onClick={() => void confirmImport().catch(() => undefined)}
                loading={start.isPending && start.variables?.dryRun === false}
                disabled={running}
              >
                {t('tornaUi.import')}
              </Button>
            </Space>
          </Form>
        </Card>
        {jobId ? (
          <Card>
            <TornaJob key={jobId} jobId={jobId} onFinished={onFinished} />
          </Card>
        ) : null}
      </Space>
    </div>
  );
}
