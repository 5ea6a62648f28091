import { ExportOutlined, ImportOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import type { Module } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { TabsWithToolbar } from '../components/tabs-with-toolbar.tsx';
import { ExportModal } from '../features/export/components/export-modal.tsx';
import { ImportModal, type ImportTarget } from '../features/imports/components/import-modal.tsx';
import { ModuleImportBar } from '../features/imports/components/module-import-bar.tsx';
import { importStatusQuery, isActive } from '../features/imports/imports.queries.ts';
import { ModuleNameModal } from '../features/modules/components/module-name-modal.tsx';
import { ModulePanel, resolveModuleTab } from '../features/modules/components/module-panel.tsx';
import { pickModule, readLastModule, writeLastModule } from '../features/modules/last-module.ts';
import { modulesQuery } from '../features/modules/modules.queries.ts';
import { usePermissions } from '../features/permissions/use-permissions.ts';
import { projectSpaceQuery } from '../features/projects/projects.queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * `/project/doc/{projectId}`: application management. One tab per application (keyed by id, so equal names
 * never collide), New Application for devs and admins, and the chosen application's own tabs. The choice is
 * kept in the URL (`?moduleId=&tab=`) and in `torna.project.{projectId}`.
 */
export function ProjectDocPage() {
  const { t } = useTranslation();
  const projectId = useParams().projectId ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const modules = useQuery(modulesQuery(projectId));
  const names = useQuery(projectSpaceQuery(projectId));
  const { canProject } = usePermissions();
  const canCreate = canProject(projectId, 'module.create');
  const [isCreating, setIsCreating] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  // The application the "import into" dialog aims at; kept while the dialog closes so its title stays.
  const [intoTarget, setIntoTarget] = useState<ImportTarget | null>(null);
  const [isImportingInto, setIsImportingInto] = useState(false);
  const canWriteDocs = canProject(projectId, 'doc.write');
  const imports = useQuery(importStatusQuery(projectId));
  const statusOf = (moduleId: string) => imports.data?.find((s) => s.moduleId === moduleId);
  const [renaming, setRenaming] = useState<Module | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  useDocumentTitle(
    names.data ? `${t('layout.applications')} · ${names.data.projectName}` : t('layout.applications'),
  );

  const current = pickModule(modules.data ?? [], searchParams.get('moduleId'), readLastModule(projectId));
  const tab = resolveModuleTab(searchParams.get('tab'));

  useEffect(() => {
    if (current) writeLastModule(projectId, current.id);
  }, [projectId, current]);

  const select = (moduleId: string, nextTab = tab) =>
    setSearchParams({ moduleId, tab: nextTab }, { replace: true });

  const newButton = canCreate ? (
    <Space wrap>
      <Button icon={<ImportOutlined />} onClick={() => setIsImporting(true)}>
        {t('imports.open')}
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
        {t('module.new')}
      </Button>
    </Space>
  ) : null;
  const currentImport = current ? statusOf(current.id) : undefined;
  const importInto =
    current && canWriteDocs
      ? () => {
          setIntoTarget({ id: current.id, name: current.name, kind: currentImport?.kind });
          setIsImportingInto(true);
        }
      : undefined;

  let body: ReactNode;
  if (modules.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (modules.isError) body = <ErrorState onRetry={() => void modules.refetch()} />;
  else if (!current)
    body = (
      <Empty
        style={{ padding: '32px 0' }}
        description={
          <>
            <Typography.Title level={2} style={{ margin: '8px 0 4px', fontSize: 16 }}>
              {t('module.emptyTitle')}
            </Typography.Title>
            <Typography.Text type="secondary">
              {canCreate ? t('module.emptyText') : t('module.emptyTextReader')}
            </Typography.Text>
          </>
        }
      >
        {newButton}
      </Empty>
    );
  else
    body = (
      <>
        <TabsWithToolbar
          type="card"
          activeKey={current.id}
          onChange={(moduleId) => select(moduleId)}
          items={modules.data.map((module) => ({
            key: module.id,
            label: isActive(statusOf(module.id)?.job) ? (
              <span>
                <SyncOutlined spin aria-hidden style={{ marginRight: 6 }} />
                {module.name}
                <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
                  {t('imports.synchronizing')}
                </Typography.Text>
              </span>
            ) : (
              module.name
            ),
          }))}
          aria-label={t('layout.applications')}
          toolbar={
            <Space size="small">
              <Button size="small" icon={<ExportOutlined />} onClick={() => setIsExporting(true)}>
                {t('exportUi.button')}
              </Button>
              {importInto && !currentImport ? (
                <Button size="small" icon={<ImportOutlined />} onClick={importInto}>
                  {t('imports.importInto')}
                </Button>
              ) : null}
            </Space>
          }
        />
        {currentImport ? (
          <ModuleImportBar
            status={currentImport}
            canRefresh={canProject(projectId, 'module.update')}
            canSeeSettings={canProject(projectId, 'module.setting.read')}
            canUpdateSettings={canProject(projectId, 'module.setting.update')}
            onImportInto={importInto}
          />
        ) : null}
        <ExportModal
          open={isExporting}
          module={current}
          projectId={projectId}
          onClose={() => setIsExporting(false)}
        />
        <ModulePanel
          key={current.id}
          module={current}
          modules={modules.data}
          spaceId={names.data?.spaceId ?? ''}
          tab={tab}
          onTabChange={(nextTab) => select(current.id, nextTab)}
          onRename={() => setRenaming(current)}
          onDeleted={() => setSearchParams({}, { replace: true })}
        />
      </>
    );

  return (
    <>
      <PageHeader title={t('layout.applications')} description={names.data?.projectName} extra={newButton} />
      <Card>{body}</Card>
      <ModuleNameModal
        open={isCreating}
        projectId={projectId}
        onClose={() => setIsCreating(false)}
        onCreated={(module) => select(module.id, 'docs')}
      />
      <ImportModal
        open={isImporting}
        projectId={projectId}
        onClose={() => setIsImporting(false)}
        onOpenModule={(moduleId) => select(moduleId, 'docs')}
      />
      <ImportModal
        open={isImportingInto}
        projectId={projectId}
        target={intoTarget}
        onClose={() => setIsImportingInto(false)}
        onOpenModule={(moduleId) => select(moduleId, 'docs')}
      />
      <ModuleNameModal
        open={renaming !== null}
        projectId={projectId}
        module={renaming ?? undefined}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}
