import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { EnumInfo, EnumItem } from '@quire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { toastSuccess } from '../../../lib/feedback.ts';
import { addEnum, addEnumItem, deleteEnum, deleteEnumItem, updateEnum, updateEnumItem } from '../docs.api.ts';
import { docKeys, enumItemsQuery, enumsQuery } from '../docs.queries.ts';

type Fields = Record<string, string>;

/** A small form dialog whose refusals show under the first field. */
function FieldsModal({
  open,
  title,
  fields,
  initial,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  fields: Array<{ name: string; label: string; required?: boolean; max: number; options?: string[] }>;
  initial: Fields;
  onSubmit: (values: Fields) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue(initial);
  }, [open, initial, form]);
  const submit = async () => {
    const values = await form.validateFields();
    setIsSaving(true);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      form.setFields([
        {
          name: fields[0]?.name ?? 'name',
          errors: [isApiError(error) ? error.message : t('common.requestError')],
        },
      ]);
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        {fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            rules={[
              field.required
                ? {
                    required: true,
                    whitespace: true,
                    max: field.max,
                    message: t('validation.required_max', { 0: field.max }),
                  }
                : { max: field.max, message: t('validation.max', { 0: field.max }) },
            ]}
          >
            {field.options ? (
              <Select options={field.options.map((value) => ({ value, label: value }))} />
            ) : (
              <Input maxLength={field.max} />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

function EnumItems({
  info,
  canWrite,
  canDelete,
  onEdit,
  onDelete,
}: {
  info: EnumInfo;
  canWrite: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const items = useQuery(enumItemsQuery(info.id));
  const [editing, setEditing] = useState<EnumItem | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: docKeys.enumItems(info.id) });
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {canWrite ? (
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('dict.addItem')}
            </Button>
            <Button icon={<EditOutlined />} onClick={onEdit}>
              {t('dict.edit')}
            </Button>
          </>
        ) : null}
        {canDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            {t('common.delete')}
          </Button>
        ) : null}
        {info.description ? <Typography.Text type="secondary">{info.description}</Typography.Text> : null}
      </Space>
      {items.isError ? (
        <ErrorState onRetry={() => void items.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={items.isPending}
          dataSource={items.data ?? []}
          pagination={false}
          aria-label={info.name}
          columns={[
            { title: t('dict.itemName'), dataIndex: 'name' },
            { title: t('dict.itemType'), dataIndex: 'type', width: 110 },
            { title: t('dict.itemValue'), dataIndex: 'value' },
            { title: t('dict.itemDescription'), dataIndex: 'description' },
            ...(canWrite
              ? [
                  {
                    title: t('doc.col.actions'),
                    key: 'actions',
                    width: 100,
                    render: (_: unknown, item: EnumItem) => (
                      <Space size={0}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={`${t('dict.editItem')} ${item.name}`}
                          onClick={() => setEditing(item)}
                        />
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={`${t('common.delete')} ${item.name}`}
                          onClick={() =>
                            modal.confirm({
                              title: t('dict.deleteItemTitle', { 0: item.name }),
                              okText: t('common.delete'),
                              okButtonProps: { danger: true },
                              cancelText: t('common.cancel'),
                              onOk: () =>
                                deleteEnumItem(item.id).then(
                                  () => void refresh(),
                                  () => undefined,
                                ),
                            })
                          }
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <FieldsModal
        open={editing !== null}
        title={editing === 'new' ? t('dict.addItem') : t('dict.editItem')}
        initial={
          editing && editing !== 'new'
            ? {
                name: editing.name,
                type: editing.type,
                value: editing.value,
                description: editing.description,
              }
            : { name: '', type: 'string', value: '', description: '' }
        }
        fields={[
          { name: 'name', label: t('dict.itemName'), required: true, max: 128 },
          { name: 'type', label: t('dict.itemType'), max: 64, options: ['string', 'number', 'boolean'] },
          { name: 'value', label: t('dict.itemValue'), max: 255 },
          { name: 'description', label: t('dict.itemDescription'), max: 255 },
        ]}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const body = {
            name: values.name ?? '',
            type: values.type ?? 'string',
            value: values.value ?? '',
            description: values.description ?? '',
          };
          if (editing === 'new') await addEnumItem({ enumId: info.id, ...body });
          else if (editing) await updateEnumItem({ id: editing.id, ...body });
          await refresh();
        }}
      />
    </div>
  );
}

/** The dictionaries tab: one tab per dictionary with its items; devs edit, project admins delete. */
export function DictionaryPanel({
  moduleId,
  canWrite,
  canDelete,
}: {
  moduleId: string;
  canWrite: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const enums = useQuery(enumsQuery(moduleId));
  const [active, setActive] = useState<string>();
  const [editing, setEditing] = useState<EnumInfo | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: docKeys.enums(moduleId) });

  if (enums.isPending) return <Skeleton active />;
  if (enums.isError) return <ErrorState onRetry={() => void enums.refetch()} />;
  const list = enums.data;
  const current = list.find((e) => e.id === active) ?? list[0];

  return (
    <div>
      {canWrite ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => setEditing('new')}
        >
          {t('dict.add')}
        </Button>
      ) : null}
      {list.length === 0 ? (
        <Empty description={t('dict.empty')} />
      ) : (
        <Tabs
          type="card"
          activeKey={current?.id}
          onChange={setActive}
          items={list.map((info) => ({
            key: info.id,
            label: info.name,
            children: (
              <EnumItems
                info={info}
                canWrite={canWrite}
                canDelete={canDelete}
                onEdit={() => setEditing(info)}
                onDelete={() =>
                  modal.confirm({
                    title: t('dict.deleteTitle', { 0: info.name }),
                    okText: t('common.delete'),
                    okButtonProps: { danger: true },
                    cancelText: t('common.cancel'),
                    onOk: () =>
                      deleteEnum(info.id).then(
                        () => {
                          toastSuccess(t('common.deleted'));
                          void refresh();
                        },
                        () => undefined,
                      ),
                  })
                }
              />
            ),
          }))}
        />
      )}
      <FieldsModal
        open={editing !== null}
        title={editing === 'new' ? t('dict.add') : t('dict.edit')}
        initial={
          editing && editing !== 'new'
            ? { name: editing.name, description: editing.description }
            : { name: '', description: '' }
        }
        fields={[
          { name: 'name', label: t('dict.name'), required: true, max: 128 },
          { name: 'description', label: t('dict.description'), max: 255 },
        ]}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          if (editing === 'new') {
            const created = await addEnum({
              moduleId,
              name: values.name ?? '',
              description: values.description ?? '',
            });
            setActive(created.id);
          } else if (editing)
            await updateEnum({
              id: editing.id,
              name: values.name ?? '',
              description: values.description ?? '',
            });
          await refresh();
        }}
      />
    </div>
  );
}
