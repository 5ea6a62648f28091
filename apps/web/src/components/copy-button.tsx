import { CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/clipboard.ts';

/** A button that copies `text`; `label` names what is copied for screen readers ("Copy secret"). */
export function CopyButton({
  text,
  label,
  ...props
}: { text: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<CopyOutlined />}
      aria-label={label ?? t('common.copy')}
      {...props}
      onClick={() => void copyText(text)}
    >
      {t('common.copy')}
    </Button>
  );
}
