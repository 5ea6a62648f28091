import { EditOutlined } from '@ant-design/icons';
import { DocType } from '@quire/api-model';
import { DocPage, ReaderProvider } from '@quire/reader';
import type { DocDetail } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link.tsx';
import { listEnvironments } from '../../modules/modules.api.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { useAppReaderHost } from '../reader-host.ts';
import { environmentsKey } from '../view-keys.ts';
import { ConstantsDrawer } from './constants-drawer.tsx';
import { FollowButton } from './follow-button.tsx';

/**
 * `/view/{docId}` inside the app: the reader's doc page (`@quire/reader`) with the app's own controls in its
 * title row (constants, follow, edit for those who may write).
 */
export function DocView({ doc }: { doc: DocDetail }) {
  const { t } = useTranslation();
  const host = useAppReaderHost();
  const perms = usePermissions();
  const envs = useQuery({
    queryKey: environmentsKey(doc.moduleId),
    queryFn: ({ signal }) => listEnvironments(doc.moduleId, { signal, silent: true }),
    enabled: doc.type === DocType.http,
  });
  const canEdit = perms.canProject(doc.projectId, 'doc.write');
  const editPath =
    doc.type === DocType.custom || doc.type === DocType.markdown
      ? `/doc/edit_custom/${doc.moduleId}/${doc.id}`
      : `/doc/edit/${doc.moduleId}/${doc.id}`;
  return (
    <ReaderProvider host={host}>
      <DocPage
        doc={doc}
        environments={envs.data}
        actions={
          <>
            <ConstantsDrawer moduleId={doc.moduleId} projectId={doc.projectId} />
            <FollowButton docId={doc.id} />
            {canEdit ? (
              <ButtonLink to={editPath} icon={<EditOutlined />}>
                {t('reader.edit')}
              </ButtonLink>
            ) : null}
          </>
        }
      />
    </ReaderProvider>
  );
}
