import { ImportOutlined, SettingOutlined, SyncOutlined } from '@ant-design/icons';
import type { ModuleImportStatus } from '@quire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/feedback.ts';
import { invalidateAfterJob, isActive, useRefreshSwagger } from '../imports.queries.ts';
import { JobProgressBar, JobResultView } from './job-progress.tsx';
import { SwaggerSourceModal } from './swagger-source-modal.tsx';

/**
 * Above an imported application: "synchronizing" with a progress bar while its job runs, else the last
 * import's result, with "Re-import now" (from the saved URL, text or file), "Re-import from file" (a new
 * export into this application) and the swagger source settings for Swagger imports.
 */
export function ModuleImportBar({
  status,
  canRefresh,
  canSeeSettings,
  canUpdateSettings,
  onImportInto,
}: {
  status: ModuleImportStatus;
  canRefresh: boolean;
  canSeeSettings: boolean;
  canUpdateSettings: boolean;
  /** Opens the import dialog aimed at this application; absent when the caller may not write docs. */
  onImportInto?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const refresh = useRefreshSwagger();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const job = status.job;
  const running = isActive(job);
  const queryClient = useQueryClient();
  const wasRunning = useRef(running);
  useEffect(() => {
    // A job seen running has ended (a re-import, or an import whose dialog was closed): reload what it wrote.
    if (wasRunning.current && !running) invalidateAfterJob(queryClient, status.moduleId);
    wasRunning.current = running;
  }, [running, queryClient, status.moduleId]);
  const swagger = status.kind === 'swagger';
  const actions = (
    <Space wrap>
      {canRefresh ? (
        <Button
          icon={<SyncOutlined spin={running} />}
          loading={refresh.isPending}
          disabled={running}
          onClick={() =>
            refresh.mutate(status.moduleId, { onSuccess: () => toastSuccess(t('imports.refreshStarted')) })
          }
        >
          {t('imports.refreshNow')}
        </Button>
      ) : null}
      {onImportInto ? (
        <Button icon={<ImportOutlined />} disabled={running} onClick={onImportInto}>
          {t('imports.reimportFile')}
        </Button>
      ) : null}
      {swagger && canSeeSettings ? (
        <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
          {t('imports.settingsTitle')}
        </Button>
      ) : null}
    </Space>
  );
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={t('imports.statusTitle')} extra={actions}>
      {job ? running ? <JobProgressBar job={job} /> : <JobResultView job={job} /> : null}
      <SwaggerSourceModal
        open={settingsOpen}
        moduleId={status.moduleId}
        canUpdate={canUpdateSettings}
        onClose={() => setSettingsOpen(false)}
      />
    </Card>
  );
}
