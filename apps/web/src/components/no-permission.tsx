import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button-link.tsx';
import { ResultTitle } from './result-title.tsx';

/** What a person sees on a screen their role does not open: why, and the way back. */
export function NoPermission({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<ResultTitle>{t('perm.noPermissionTitle')}</ResultTitle>}
      subTitle={text ?? t('perm.noPermissionText')}
      extra={
        <ButtonLink type="primary" to="/dashboard">
          {t('common.backHome')}
        </ButtonLink>
      }
    />
  );
}
