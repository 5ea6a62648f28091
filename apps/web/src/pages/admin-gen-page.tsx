import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Menu, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/error-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { GenTemplateEditor } from '../features/gen/components/gen-template-editor.tsx';
import { GenTemplateReference } from '../features/gen/components/gen-template-reference.tsx';
import { adminGenTreeQuery } from '../features/gen/gen.queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './admin-gen-page.module.css';

/** Which template the editor shows: one by id, a new one, or none yet. */
type Selection = { kind: 'template'; id: string } | { kind: 'new' } | null;

/**
 * `/admin/gen`: super admins manage the Liquid templates readers generate code with. Templates are listed by
 * group on the left; the right side edits one, with what a template can use written beside it.
 */
export function AdminGenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('genUi.adminTitle'));
  const tree = useQuery(adminGenTreeQuery());
  const [selection, setSelection] = useState<Selection>(null);

  if (tree.isError) return <ErrorState onRetry={() => void tree.refetch()} />;

  const groups = tree.data ?? [];
  const selectedKey = selection?.kind === 'template' ? selection.id : undefined;

  return (
    <>
      <PageHeader
        title={t('genUi.adminTitle')}
        description={t('genUi.adminIntro')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setSelection({ kind: 'new' })}>
            {t('genUi.newTemplate')}
          </Button>
        }
      />
      <div className={styles.layout}>
        <Card className={styles.list} styles={{ body: { padding: 8 } }}>
          {tree.isPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : groups.length === 0 ? (
            <Empty description={t('genUi.emptyTree')} />
          ) : (
            <Menu
              mode="inline"
              aria-label={t('genUi.adminTitle')}
              selectedKeys={selectedKey ? [selectedKey] : []}
              defaultOpenKeys={groups.map((g) => `group:${g.groupName}`)}
              onClick={({ key }) => setSelection({ kind: 'template', id: key })}
              items={groups.map((group) => ({
                key: `group:${group.groupName}`,
                label: group.groupName,
                type: 'group' as const,
                children: group.templates.map((template) => ({ key: template.id, label: template.name })),
              }))}
            />
          )}
        </Card>
        <div className={styles.editor}>
          {selection ? (
            <GenTemplateEditor
              key={selection.kind === 'new' ? 'new' : selection.id}
              templateId={selection.kind === 'template' ? selection.id : undefined}
              onSaved={(id) => setSelection({ kind: 'template', id })}
              onDeleted={() => setSelection(null)}
            />
          ) : (
            <Card>
              <Empty description={t('genUi.pickOne')} />
            </Card>
          )}
          <GenTemplateReference />
        </div>
      </div>
    </>
  );
}
