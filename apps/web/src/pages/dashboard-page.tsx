import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { NewSpaceModal } from '../features/spaces/components/space-form-modal.tsx';
import { SpaceList } from '../features/spaces/components/space-list.tsx';
import { spaceHome } from '../features/spaces/space-paths.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/dashboard`: the spaces the user belongs to (super admins: all), with New Space for everyone. */
export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('dashboard.title'));
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
            {t('dashboard.newSpace')}
          </Button>
        }
      />
      <SpaceList onCreate={() => setIsCreating(true)} />
      <NewSpaceModal
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(space) => {
          setIsCreating(false);
          navigate(spaceHome(space));
        }}
      />
    </>
  );
}
