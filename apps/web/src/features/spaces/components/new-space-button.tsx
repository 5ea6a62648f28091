import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * "New Space". Disabled until the server can create spaces. A disabled button takes no focus, so the
 * wrapper is the focus target: it reveals the tooltip, and its hidden text tells screen readers why.
 */
export function NewSpaceButton() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('dashboard.newSpaceDisabled')}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the focus target that reveals why the button is disabled. */}
      <span tabIndex={0} style={{ display: 'inline-block', borderRadius: 6 }}>
        <Button type="primary" icon={<PlusOutlined />} disabled>
          {t('dashboard.newSpace')}
        </Button>
        <span className="q-visually-hidden">{t('dashboard.newSpaceDisabled')}</span>
      </span>
    </Tooltip>
  );
}
