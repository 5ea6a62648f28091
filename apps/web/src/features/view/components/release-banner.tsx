import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { releasesQuery } from '../../releases/releases.queries.ts';

/** The number of a release of the project ("" until the list is here, or without a release). */
export function useReleaseNo(projectId: string | undefined, releaseId: string): string {
  const releases = useQuery({ ...releasesQuery(projectId ?? ''), enabled: Boolean(projectId && releaseId) });
  return releases.data?.find((r) => r.id === releaseId)?.releaseNo ?? '';
}

/** Says the reader shows a release, not the docs as they are now. */
export function ReleaseBanner({ releaseNo }: { releaseNo: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      title={t('reader.releaseReading', { 0: releaseNo })}
      style={{ marginBottom: 12 }}
    />
  );
}
