import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { NewSpaceButton } from '../features/spaces/components/new-space-button.tsx';
import { SpaceList } from '../features/spaces/components/space-list.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/dashboard`: the spaces the user belongs to. */
export function DashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  return (
    <>
      <PageHeader title={t('dashboard.title')} extra={<NewSpaceButton />} />
      <SpaceList />
    </>
  );
}
