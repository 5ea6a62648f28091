import { InboxOutlined } from '@ant-design/icons';
import { IMPORT_MAX_BYTES, type ImportKind, type ImportStarted } from '@quire/shared';
import { Alert, Button, Form, Input, Modal, Radio, Segmented, Select, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartSwaggerImport, useUploadImport } from '../imports.queries.ts';
import { JobProgress } from './job-progress.tsx';

type Source = 'url' | 'text' | 'file';

interface Values {
  url?: string;
  authUsername?: string;
  authPassword?: string;
  content?: string;
  refreshMinutes?: number;
}

const MAX_LABEL = `${IMPORT_MAX_BYTES / 1024 / 1024} MB`;
const ACCEPT: Record<ImportKind, string> = {
  swagger: '.json,.yaml,.yml',
  postman: '.json',
  markdown: '.md,.markdown,.txt',
};
export const REFRESH_CHOICES = [0, 30, 60, 360, 1440] as const;

/** An existing application to import into (a re-import), and the kind it was imported as, if any. */
export interface ImportTarget {
  id: string;
  name: string;
  kind?: ImportKind | undefined;
}

/**
 * The import dialog of the application list: Swagger/OpenAPI (URL with optional basic auth, pasted text or a
 * file), Postman or Markdown files. Starting answers at once with the application and its job; the dialog
 * then follows the job to its end and offers to open the application. With a `target` it imports into that
 * application instead of creating one (docs matched by method + path), starting on the kind it came from.
 */
export function ImportModal({
  open,
  projectId,
  target,
  onClose,
  onOpenModule,
}: {
  open: boolean;
  projectId: string;
  target?: ImportTarget | null | undefined;
  onClose: () => void;
  onOpenModule: (moduleId: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<ImportKind>(target?.kind ?? 'swagger');
  // Into an application the usual case is a new export of the same file, so a file comes first.
  const [source, setSource] = useState<Source>(target ? 'file' : 'url');
  const moduleId = target?.id;
  const targetKind = target?.kind;
  const targeted = Boolean(target);
  useEffect(() => {
    // Each opening starts where its target suggests (the dialog stays mounted between openings).
    if (!open) return;
    setKind(targetKind ?? 'swagger');
    setSource(targeted ? 'file' : 'url');
  }, [open, targetKind, targeted]);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileError, setFileError] = useState('');
  const [started, setStarted] = useState<ImportStarted | null>(null);
  const [finished, setFinished] = useState(false);
  const swagger = useStartSwaggerImport();
  const uploading = useUploadImport();
  const error = swagger.error ?? uploading.error;
  const usesFile = kind !== 'swagger' || source === 'file';

  const reset = () => {
    form.resetFields();
    setFiles([]);
    setFileError('');
    setStarted(null);
    setFinished(false);
    swagger.reset();
    uploading.reset();
  };

  const submit = (values: Values) => {
    if (usesFile) {
      const file = files[0]?.originFileObj;
      if (!file) {
        setFileError(t('imports.fileRequired'));
        return;
      }
      uploading.mutate({ kind, projectId, file, moduleId }, { onSuccess: setStarted });
      return;
    }
    swagger.mutate(
      source === 'url'
        ? {
            projectId,
            moduleId,
            url: values.url?.trim() ?? '',
            authUsername: values.authUsername ?? '',
            authPassword: values.authPassword ?? '',
            refreshMinutes: values.refreshMinutes ?? 0,
          }
        : { projectId, moduleId, content: values.content ?? '' },
      { onSuccess: setStarted },
    );
  };

  const refreshLabel = (minutes: number) =>
    minutes === 0
      ? t('imports.refreshNever')
      : minutes === 1440
        ? t('imports.refreshDay')
        : minutes >= 60
          ? t('imports.refreshHours', { 0: minutes / 60 })
          : t('imports.refreshMinutes', { 0: minutes });

  const footer = started
    ? [
        <Button key="close" onClick={onClose}>
          {t('imports.close')}
        </Button>,
        <Button
          key="open"
          type="primary"
          disabled={!finished}
          onClick={() => {
            onOpenModule(started.moduleId);
            onClose();
          }}
        >
          {t('imports.viewDocs')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="start"
          type="primary"
          loading={swagger.isPending || uploading.isPending}
          onClick={() => form.submit()}
        >
          {t('imports.start')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={
        started
          ? t('imports.statusTitle')
          : target
            ? t('imports.intoTitle', { 0: target.name })
            : t('imports.title')
      }
      onCancel={onClose}
      afterClose={reset}
      footer={footer}
      width={640}
      destroyOnHidden
    >
      {started ? (
        <JobProgress jobId={started.jobId} onFinished={(job) => setFinished(job.status === 'done')} />
      ) : (
        <>
          {error ? (
            <Alert type="error" showIcon role="alert" title={error.message} style={{ marginBottom: 16 }} />
          ) : null}
          {target ? (
            <Alert type="info" showIcon title={t('imports.intoHint')} style={{ marginBottom: 16 }} />
          ) : null}
          <Segmented<ImportKind>
            block
            value={kind}
            onChange={(value) => {
              setKind(value);
              setFiles([]);
              setFileError('');
            }}
            options={[
              { value: 'swagger', label: t('imports.kindSwagger') },
              { value: 'postman', label: t('imports.kindPostman') },
              { value: 'markdown', label: t('imports.kindMarkdown') },
            ]}
            style={{ marginBottom: 16 }}
          />
          <Form
            name="import"
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{ refreshMinutes: 0 }}
          >
            {kind === 'swagger' ? (
              <Form.Item>
                <Radio.Group
                  optionType="button"
                  value={source}
                  onChange={(event) => setSource(event.target.value as Source)}
                  options={[
                    { value: 'url', label: t('imports.sourceUrl') },
                    { value: 'text', label: t('imports.sourceText') },
                    { value: 'file', label: t('imports.sourceFile') },
                  ]}
                />
              </Form.Item>
            ) : null}
            {kind === 'swagger' && source === 'url' ? (
              <>
                <Form.Item
                  name="url"
                  label={t('imports.url')}
                  extra={t('imports.urlHint')}
                  rules={[{ required: true, type: 'url', message: t('imports.urlInvalid') }]}
                >
                  <Input autoFocus placeholder="https://" inputMode="url" />
                </Form.Item>
                <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
                  <Form.Item
                    name="authUsername"
                    label={t('imports.authUsername')}
                    style={{ flex: '1 1 200px' }}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name="authPassword"
                    label={t('imports.authPassword')}
                    style={{ flex: '1 1 200px' }}
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </div>
                <Form.Item name="refreshMinutes" label={t('imports.refresh')}>
                  <Select options={REFRESH_CHOICES.map((m) => ({ value: m, label: refreshLabel(m) }))} />
                </Form.Item>
              </>
            ) : null}
            {kind === 'swagger' && source === 'text' ? (
              <Form.Item
                name="content"
                label={t('imports.content')}
                rules={[{ required: true, whitespace: true, message: t('imports.contentRequired') }]}
              >
                <Input.TextArea autoFocus rows={12} spellCheck={false} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
            ) : null}
            {usesFile ? (
              <Form.Item
                label={t('imports.file')}
                validateStatus={fileError ? 'error' : undefined}
                help={fileError || undefined}
                extra={t(
                  kind === 'postman'
                    ? 'imports.fileHintPostman'
                    : kind === 'markdown'
                      ? 'imports.fileHintMarkdown'
                      : 'imports.fileHintSwagger',
                )}
              >
                <Upload.Dragger
                  accept={ACCEPT[kind]}
                  maxCount={1}
                  fileList={files}
                  beforeUpload={(file) => {
                    if (file.size > IMPORT_MAX_BYTES) {
                      setFileError(t('imports.tooLarge', { 0: MAX_LABEL }));
                      return Upload.LIST_IGNORE;
                    }
                    setFileError('');
                    setFiles([{ uid: file.uid, name: file.name, size: file.size, originFileObj: file }]);
                    return false;
                  }}
                  onRemove={() => setFiles([])}
                >
                  <p className="ant-upload-drag-icon">
                    <InboxOutlined />
                  </p>
                  <p className="ant-upload-text">{t('imports.fileHint', { 0: MAX_LABEL })}</p>
                </Upload.Dragger>
              </Form.Item>
            ) : null}
          </Form>
        </>
      )}
    </Modal>
  );
}
