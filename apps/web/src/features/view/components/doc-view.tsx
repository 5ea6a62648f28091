import { EditOutlined } from '@ant-design/icons';
import { DocType } from '@quire/api-model';
import { DocPage, ReaderProvider } from '@quire/reader';
import type { DocDetail, Environment } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link.tsx';
import { DebugButton } from '../../debug/components/debug-button.tsx';
import type { DebugVisitor } from '../../debug/debug-visitor.ts';
import { GenerateCodeButton } from '../../gen/components/generate-code-button.tsx';
import { MockButton } from '../../mock/components/mock-button.tsx';
import { listEnvironments } from '../../modules/modules.api.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { useAppReaderHost } from '../reader-host.ts';
import { environmentsKey } from '../view.queries.ts';
import { ConstantsDrawer } from './constants-drawer.tsx';
import { FollowButton } from './follow-button.tsx';

/** What a visitor of a share or composed project sees instead of the team's tools. */
export interface VisitorFrame {
  /** The environments the share or composed project shows. */
  environments: Environment[];
  /** Set when the share or composed project offers debugging: the panel then sends as this visitor. */
  debug?: DebugVisitor | undefined;
}

/**
 * A doc inside the app: the reader's doc page (`@quire/reader`) with the app's own controls in its title row
 * (constants, follow, mock, debug, edit for those who may write). With `visitor` (the `/share` and `/show`
 * pages) the environments are the given ones and the team's tools are left out, but for the debug panel
 * when the share offers debugging.
 */
export function DocView({ doc, visitor }: { doc: DocDetail; visitor?: VisitorFrame }) {
  const { t } = useTranslation();
  const host = useAppReaderHost();
  const perms = usePermissions();
  const envs = useQuery({
    queryKey: environmentsKey(doc.moduleId),
    queryFn: ({ signal }) => listEnvironments(doc.moduleId, { signal, silent: true }),
    enabled: doc.type === DocType.http && !visitor,
  });
  const environments = visitor?.environments ?? envs.data;
  const canEdit = !visitor && perms.canProject(doc.projectId, 'doc.write');
  const editPath =
    doc.type === DocType.custom || doc.type === DocType.markdown
      ? `/doc/edit_custom/${doc.moduleId}/${doc.id}`
      : `/doc/edit/${doc.moduleId}/${doc.id}`;
  const isHttp = doc.type === DocType.http;
  const isApi = isHttp || doc.type === DocType.dubbo;
  return (
    <ReaderProvider host={host}>
      <DocPage
        doc={doc}
        environments={environments}
        forVisitors={visitor !== undefined}
        actions={
          visitor ? (
            visitor.debug && isHttp ? (
              <DebugButton doc={doc} envs={visitor.environments} visitor={visitor.debug} />
            ) : null
          ) : (
            <>
              <ConstantsDrawer moduleId={doc.moduleId} projectId={doc.projectId} />
              <FollowButton docId={doc.id} />
              {isHttp ? (
                <MockButton docId={doc.id} moduleId={doc.moduleId} docUrl={doc.url} canEdit={canEdit} />
              ) : null}
              {isHttp ? <DebugButton doc={doc} envs={environments ?? []} /> : null}
              {isApi ? <GenerateCodeButton docId={doc.id} docName={doc.name} /> : null}
              {canEdit ? (
                <ButtonLink to={editPath} icon={<EditOutlined />}>
                  {t('reader.edit')}
                </ButtonLink>
              ) : null}
            </>
          )
        }
      />
    </ReaderProvider>
  );
}
