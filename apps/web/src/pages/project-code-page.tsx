import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NoPermission } from '../components/no-permission.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { ConstantsPanel } from '../features/docs/components/constants-panel.tsx';
import { ErrorCodesPanel } from '../features/docs/components/error-codes-panel.tsx';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/project/code/{projectId}`: project and application constants (for example a global error-code table).
 * Only project admins and devs reach it (docs/permissions.md): the project's error-code table and constants page;
 * each application's own are in its tabs.
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
              children: (
                <>
                  <Typography.Title level={2} style={{ fontSize: 16 }}>
                    {t('codes.projectTitle')}
                  </Typography.Title>
                  <ErrorCodesPanel scope="project" id={projectId} canWrite />
                  <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
                    {t('codes.constantsPage')}
                  </Typography.Title>
                  <ConstantsPanel scope="project" id={projectId} canWrite />
                </>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
