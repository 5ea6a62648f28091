import { CodeOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { saveFile } from '../../export/export.api.ts';
import { generateCode } from '../gen.api.ts';
import { genTemplatesQuery } from '../gen.queries.ts';

/** "Generate code" on a doc page: pick a template, read, copy or download what it writes for this doc. */
export function GenerateCodeButton({ docId, docName }: { docId: string; docName: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [templateId, setTemplateId] = useState<string | undefined>();
  const templates = useQuery(genTemplatesQuery(open));
  const generated = useMutation({ mutationFn: (id: string) => generateCode(docId, id) });
  const pick = (id: string) => {
    setTemplateId(id);
    generated.mutate(id);
  };
  const content = generated.data?.content ?? '';
  const templateName =
    templates.data?.flatMap((g) => g.templates).find((x) => x.id === templateId)?.name ?? 'code';

  return (
    <>
      <Button icon={<CodeOutlined />} onClick={() => setOpen(true)}>
        {t('genUi.button')}
      </Button>
      <Modal
        open={open}
        width={760}
        title={t('genUi.title', { 0: docName })}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('genUi.close')}</Button>}
        destroyOnHidden
      >
        {templates.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : templates.isError ? (
          <Alert type="error" showIcon title={t('genUi.templatesError')} />
        ) : templates.data.length === 0 ? (
          <Empty description={t('genUi.noTemplates')} />
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Select
              aria-label={t('genUi.template')}
              placeholder={t('genUi.pickTemplate')}
              style={{ width: '100%' }}
              value={templateId}
              onChange={pick}
              options={templates.data.map((g) => ({
                label: g.groupName,
                title: g.groupName,
                options: g.templates.map((x) => ({ value: x.id, label: x.name })),
              }))}
            />
            {generated.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
            {generated.isError ? (
              <Alert
                type="error"
                showIcon
                title={isApiError(generated.error) ? generated.error.message : t('common.requestError')}
              />
            ) : null}
            {generated.isSuccess ? (
              <>
                <Space>
                  <Button
                    onClick={() =>
                      void copyText(content).then((ok) => {
                        if (ok) void message.success(t('genUi.copied'));
                      })
                    }
                  >
                    {t('genUi.copy')}
                  </Button>
                  <Button
                    onClick={() =>
                      saveFile({
                        blob: new Blob([content], { type: 'text/plain' }),
                        fileName: `${docName} - ${templateName}.txt`,
                      })
                    }
                  >
                    {t('genUi.download')}
                  </Button>
                </Space>
                <Typography.Paragraph>
                  <pre style={{ maxHeight: 420, overflow: 'auto', margin: 0 }}>{content}</pre>
                </Typography.Paragraph>
              </>
            ) : null}
          </Space>
        )}
      </Modal>
    </>
  );
}
