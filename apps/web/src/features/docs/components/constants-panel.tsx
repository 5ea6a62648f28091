import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Space } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { saveModuleConstants, saveProjectConstants } from '../docs.api.ts';
import { constantsQuery } from '../docs.queries.ts';
import { sanitizeHtml } from '../safe-html.ts';

// The rich-text editor arrives only when someone who may edit opens the page.
const RichTextEditor = lazy(() =>
  import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
);

/** The constants page of an application or a project: rich text, sanitized on the server and here. */
export function ConstantsPanel({
  scope,
  id,
  canWrite,
}: {
  scope: 'module' | 'project';
  id: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const page = useQuery(constantsQuery(scope, id));
  const [content, setContent] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    if (page.data !== undefined && content === null) setContent(page.data);
  }, [page.data, content]);

  if (page.isError) return <ErrorState onRetry={() => void page.refetch()} />;
  if (content === null) return <Skeleton active />;
  if (!canWrite)
    return content ? (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify
      <div className="quire-constants" dangerouslySetInnerHTML={{ __html: sanitizeHtml(content) }} />
    ) : (
      <Empty description={t('constants.emptyTitle')} />
    );

  const save = async () => {
    setIsSaving(true);
    try {
      const saved =
        scope === 'module'
          ? await saveModuleConstants({ id, content })
          : await saveProjectConstants({ id, content });
      queryClient.setQueryData(constantsQuery(scope, id).queryKey, saved);
      toastSuccess(t('codes.saved'));
    } catch {
      // Shown by the client.
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div>
      <Suspense fallback={<Skeleton active />}>
        <RichTextEditor
          value={content}
          onChange={setContent}
          label={t('codes.constantsPage')}
          minHeight={240}
        />
      </Suspense>
      <Space style={{ marginTop: 12 }}>
        <Button type="primary" loading={isSaving} onClick={() => void save()}>
          {t('codes.savePage')}
        </Button>
      </Space>
    </div>
  );
}
