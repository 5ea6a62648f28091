import { BookOutlined } from '@ant-design/icons';
import { Button, Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConstantsPanel } from '../../docs/components/constants-panel.tsx';
import { DrawerTitle } from '../../../components/drawer-title.tsx';

/** "Constants": the application's and the project's constants pages (sanitized rich text), read-only. */
export function ConstantsDrawer({ moduleId, projectId }: { moduleId: string; projectId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<BookOutlined />} onClick={() => setOpen(true)}>
        {t('reader.constants')}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={<DrawerTitle>{t('reader.constants')}</DrawerTitle>}
        size="large"
        destroyOnHidden
      >
        <Tabs
          items={[
            {
              key: 'module',
              label: t('constants.moduleTab'),
              children: <ConstantsPanel scope="module" id={moduleId} canWrite={false} />,
            },
            {
              key: 'project',
              label: t('constants.projectTab'),
              children: <ConstantsPanel scope="project" id={projectId} canWrite={false} />,
            },
          ]}
        />
      </Drawer>
    </>
  );
}
