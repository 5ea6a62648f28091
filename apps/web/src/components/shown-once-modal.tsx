import { Alert, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button.tsx';

/** One value shown once: its label, the value and whether it is the secret part. */
export interface ShownOnceValue {
  label: string;
  value: string;
  /** The part that will never be shown again (password, secret): gets its own copy button. */
  isSecret?: boolean;
}

/**
 * A dialog that shows a password or secret the server reveals only once, with copy buttons and a warning.
 * It closes only through its button (not by clicking outside), so nobody loses the value by accident, and
 * its content is dropped when it closes, so the secret does not stay in the page.
 */
export function ShownOnceModal({
  open,
  title,
  description,
  values,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  values: ShownOnceValue[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const allText = values.map((item) => `${item.label}: ${item.value}`).join('\n');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Space>
          <CopyButton text={allText} label={t('common.copyAll')}>
            {t('common.copyAll')}
          </CopyButton>
          <Button type="primary" onClick={onClose}>
            {t('common.savedItClose')}
          </Button>
        </Space>
      }
    >
      <Alert type="warning" showIcon title={description} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        {values.map((item) => (
          <Descriptions.Item key={item.label} label={item.label}>
            <Space wrap>
              <Typography.Text code copyable={false} style={{ wordBreak: 'break-all' }}>
                {item.value}
              </Typography.Text>
              {item.isSecret ? (
                <CopyButton size="small" text={item.value} label={`${t('common.copy')} ${item.label}`} />
              ) : null}
            </Space>
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Modal>
  );
}
