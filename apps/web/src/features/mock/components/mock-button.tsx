import { ApiOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MockPanel } from './mock-panel.tsx';
import { DrawerTitle } from '../../../components/drawer-title.tsx';

/** The doc page's Mock entry: a drawer with the doc's mock configurations. */
export function MockButton({
  docId,
  moduleId,
  docUrl,
  canEdit,
}: {
  docId: string;
  moduleId: string;
  docUrl: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ApiOutlined />} onClick={() => setOpen(true)}>
        {t('mock.tab')}
      </Button>
      <Drawer
        title={<DrawerTitle>{t('mock.tab')}</DrawerTitle>}
        open={open}
        onClose={() => setOpen(false)}
        size="large"
        styles={{ wrapper: { width: 'min(960px, 100vw)' } }}
        destroyOnHidden
      >
        {open ? <MockPanel docId={docId} moduleId={moduleId} docUrl={docUrl} canEdit={canEdit} /> : null}
      </Drawer>
    </>
  );
}
