import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, type FormRule, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why a row is refused, and which of its two fields says so. */
export type RowProblem = { field: 'name' | 'value'; message: string } | undefined;

/**
 * An editable list of `{name, value}` rows (conditions, response headers). `check` refuses a row with a
 * message under the list, the same words the server would answer.
 */
export function NameValueList({
  name,
  label,
  disabled,
  help,
  check,
}: {
  name: string;
  label: string;
  disabled: boolean;
  help?: string;
  check?: (row: { name: string; value: string }) => RowProblem;
}) {
  const { t } = useTranslation();
  const rule =
    (index: number, field: 'name' | 'value'): FormRule =>
    (form) => ({
      validator: async () => {
        const row = form.getFieldValue([name, index]) as { name?: string; value?: string } | undefined;
        const problem = check?.({ name: row?.name ?? '', value: row?.value ?? '' });
        if (problem?.field === field) throw new Error(problem.message);
      },
    });
  return (
    <Form.Item label={label} extra={help}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'name']}
                  noStyle
                  rules={check ? [rule(field.name, 'name')] : []}
                  dependencies={check ? [[name, field.name, 'value']] : []}
                >
                  <Input
                    aria-label={`${label} ${t('mock.headerName')}`}
                    placeholder={t('mock.headerName')}
                    disabled={disabled}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'value']}
                  noStyle
                  rules={check ? [rule(field.name, 'value')] : []}
                  dependencies={check ? [[name, field.name, 'name']] : []}
                >
                  <Input
                    aria-label={`${label} ${t('mock.headerValue')}`}
                    placeholder={t('mock.headerValue')}
                    disabled={disabled}
                  />
                </Form.Item>
                {disabled ? null : (
                  <Button
                    type="text"
                    aria-label={t('mock.removeRow')}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Space>
            ))}
            {disabled ? null : (
              <Button size="small" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                {t('mock.addRow')}
              </Button>
            )}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
