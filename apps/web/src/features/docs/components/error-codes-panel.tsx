import type { ErrorCodeRow } from '@quire/api-model';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastError, toastSuccess } from '../../../lib/feedback.ts';
import { saveModuleCodes, saveProjectCodes } from '../docs.api.ts';
import { codesQuery } from '../docs.queries.ts';
import { ErrorCodeTable, errorCodeProblem } from './error-code-table.tsx';

/** The error-code table of an application or a project, edited as a whole and saved at once. */
export function ErrorCodesPanel({
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
  const codes = useQuery(codesQuery(scope, id));
  const [rows, setRows] = useState<ErrorCodeRow[] | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    if (codes.data && rows === null) setRows(codes.data);
  }, [codes.data, rows]);

  if (codes.isError) return <ErrorState onRetry={() => void codes.refetch()} />;
  if (!rows) return <Skeleton active />;

  const save = async () => {
    const problem = errorCodeProblem(rows);
    if (problem) {
      toastError(t(problem.key, { 0: problem.code ?? '' }));
      return;
    }
    setIsSaving(true);
    try {
      const saved =
        scope === 'module'
          ? await saveModuleCodes({ moduleId: id, codes: rows })
          : await saveProjectCodes({ projectId: id, codes: rows });
      setRows(saved);
      queryClient.setQueryData(codesQuery(scope, id).queryKey, saved);
      toastSuccess(t('codes.saved'));
    } catch {
      // The client already showed the server's message.
    } finally {
      setIsSaving(false);
    }
  };

  const title = scope === 'module' ? t('codes.moduleTitle') : t('codes.projectTitle');
  return (
    <div>
      <ErrorCodeTable rows={rows} onChange={setRows} readOnly={!canWrite} label={title} />
      {canWrite ? (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" loading={isSaving} onClick={() => void save()}>
            {t('codes.saveTable')}
          </Button>
        </Space>
      ) : null}
    </div>
  );
}
