import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingLater } from '../components/coming-later.tsx';
import { NoPermission } from '../components/no-permission.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/project/code/{projectId}`: project and application constants (for example a global error-code table).
 * Only project admins and devs reach it (SPEC.md section 6). The editor arrives with the documents feature;
 * until then both tabs say so.
 */
export function ProjectCodePage() {
  const { t } = useTranslation();
  const projectId = useParams().projectId ?? '';
  useDocumentTitle(t('layout.constants'));
  const perms = usePermissions();
  if (!perms.isLoaded) return <PageSpinner />;
  if (!perms.canProject(projectId, 'constant.manage')) return <NoPermission text={t('constants.devsOnly')} />;
  return (
    <>
      <PageHeader title={t('layout.constants')} description={t('constants.intro')} />
      <Card>
        <Tabs
          items={[
            {
              key: 'project',
              label: t('constants.projectTab'),
              children: <ComingLater title={t('constants.emptyTitle')} text={t('constants.emptyText')} />,
            },
            {
              key: 'module',
              label: t('constants.moduleTab'),
              children: <ComingLater title={t('constants.emptyTitle')} text={t('constants.emptyText')} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
