import { DeleteOutlined } from '@ant-design/icons';
import { GenTemplateSaveRequest } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import {
  genGroupsQuery,
  genTemplateQuery,
  useDeleteGenTemplate,
  useSaveGenTemplate,
  useUpdateGenTemplate,
} from '../gen.queries.ts';
import styles from './gen-template-editor.module.css';

interface TemplateValues {
  groupName: string;
  name: string;
  content: string;
}

const fields = GenTemplateSaveRequest.shape;

/**
 * Edits one code template, or files a new one. The server parses the template on save; a syntax error comes
 * back with its line and column and is shown above the fields, with the text kept as typed.
 */
export function GenTemplateEditor({
  templateId,
  onSaved,
  onDeleted,
}: {
  templateId: string | undefined;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<TemplateValues>();
  const detail = useQuery(genTemplateQuery(templateId));
  const groups = useQuery(genGroupsQuery());
  const save = useSaveGenTemplate();
  const update = useUpdateGenTemplate();
  const remove = useDeleteGenTemplate();
  const saving = templateId ? update : save;

  if (templateId && detail.isError) return <ErrorState onRetry={() => void detail.refetch()} />;
  if (templateId && detail.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }

  const handleFinish = (values: TemplateValues) => {
    const body = { groupName: values.groupName.trim(), name: values.name.trim(), content: values.content };
    if (templateId) {
      update.mutate(
        { id: templateId, ...body },
        {
          onSuccess: () => {
            toastSuccess(t('genUi.saved'));
            onSaved(templateId);
          },
        },
      );
    } else {
      save.mutate(body, {
        onSuccess: (created) => {
          toastSuccess(t('genUi.created'));
          onSaved(created.id);
        },
      });
    }
  };

  const confirmDelete = () => {
    if (!templateId || !detail.data) return;
    modal.confirm({
      title: t('genUi.deleteConfirm', { 0: detail.data.name }),
      okText: t('genUi.deleteTemplate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(templateId).then(() => {
          toastSuccess(t('genUi.deleted'));
          onDeleted();
        }),
    });
  };

  return (
    <Card title={templateId ? detail.data?.name : t('genUi.newTemplate')}>
      {templateId && detail.data?.disabledNote ? (
        // A Torna template the import could not translate: why, and that saving a rewrite enables it.
        <Alert
          type="warning"
          showIcon
          title={t('genUi.disabled')}
          description={detail.data.disabledNote}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {saving.error ? (
        <Alert type="error" showIcon role="alert" title={saving.error.message} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        name="gen-template"
        form={form}
        layout="vertical"
        initialValues={{
          groupName: detail.data?.groupName ?? '',
          name: detail.data?.name ?? '',
          content: detail.data?.content ?? '',
        }}
        onFinish={handleFinish}
      >
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 240px' } }}>
          <Form.Item
            name="groupName"
            label={t('genUi.group')}
            extra={t('genUi.groupHint')}
            required
            rules={[zodRule(fields.groupName, t)]}
          >
            <AutoComplete
              options={(groups.data ?? []).map((value) => ({ value }))}
              filterOption={(input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="name" label={t('genUi.name')} required rules={[zodRule(fields.name, t)]}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="content" label={t('genUi.content')} rules={[zodRule(fields.content, t)]}>
          <Input.TextArea
            autoSize={{ minRows: 14, maxRows: 32 }}
            spellCheck={false}
            className={styles.code}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving.isPending}>
            {t('common.save')}
          </Button>
          {templateId ? (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
              {t('genUi.deleteTemplate')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}
