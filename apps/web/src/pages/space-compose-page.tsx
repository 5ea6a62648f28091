import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingLater } from '../components/coming-later.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { spaceInfoQuery } from '../features/spaces/spaces.queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/space/compose/{spaceId}`: the composed projects of a composed space. Composed projects arrive in a later
 * version; until then the list is honestly empty and says so.
 */
export function SpaceComposePage() {
  const { t } = useTranslation();
  const spaceId = useParams().spaceId ?? '';
  const space = useQuery(spaceInfoQuery(spaceId));
  useDocumentTitle(t('layout.composedProjects'));
  return (
    <>
      <PageHeader title={t('layout.composedProjects')} description={space.data?.name} />
      <Card>
        <ComingLater title={t('space.composeEmptyTitle')} text={t('space.composeEmptyText')} />
      </Card>
    </>
  );
}
