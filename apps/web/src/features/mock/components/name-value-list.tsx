import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** An editable list of `{name, value}` rows (conditions, response headers). */
export function NameValueList({ name, label, disabled }: { name: string; label: string; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'name']} noStyle>
                  <Input
                    aria-label={`${label} ${t('mock.headerName')}`}
                    placeholder={t('mock.headerName')}
                    disabled={disabled}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} noStyle>
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
