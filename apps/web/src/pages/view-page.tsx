import { ReadOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button-link.tsx';
import { ResultTitle } from '../components/result-title.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/view` and `/view/:docId`: the reader's body. No project has docs yet, so it says so plainly. */
export function ViewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('view.title'));
  return (
    <Result
      icon={<ReadOutlined style={{ color: '#2f54eb' }} />}
      title={<ResultTitle>{t('view.emptyTitle')}</ResultTitle>}
      subTitle={t('view.emptyText')}
      extra={<ButtonLink to="/dashboard">{t('layout.managementModel')}</ButtonLink>}
    />
  );
}
