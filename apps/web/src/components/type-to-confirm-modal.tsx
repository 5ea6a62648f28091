import { Alert, Input, Modal, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Confirms a destructive action by typing the item's name: the delete button stays disabled until the
 * typed text matches, and a refused call is shown inside the dialog.
 */
export function TypeToConfirmModal({
  open,
  title,
  warning,
  name,
  okText,
  isPending,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  warning: string;
  name: string;
  okText: string;
  isPending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const matches = typed.trim() === name;
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, disabled: !matches, loading: isPending }}
      onOk={() => {
        if (matches) onConfirm();
      }}
      onCancel={onCancel}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} />
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} /> : null}
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 8 }}>
        {t('common.typeToConfirm')}{' '}
        <Typography.Text strong code>
          {name}
        </Typography.Text>
      </label>
      <Input
        id={inputId}
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
        onPressEnter={() => {
          if (matches) onConfirm();
        }}
      />
    </Modal>
  );
}
