import type { DocStaleData } from '@quire/shared';
import { Button, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { ChangeList } from './change-list.tsx';

/**
 * The answer to a stale save (409 `doc.stale`): who saved first and when, then Reload (take theirs, lose
 * mine) or Review differences (what they changed). Nothing is overwritten from here.
 */
export function StaleDialog({
  stale,
  onReload,
  onClose,
}: {
  stale: DocStaleData | null;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [isReviewing, setIsReviewing] = useState(false);
  return (
    <Modal
      open={stale !== null}
      title={t('doc.staleTitle')}
      onCancel={() => {
        setIsReviewing(false);
        onClose();
      }}
      width={isReviewing ? 960 : 520}
      footer={
        <Space>
          <Button onClick={() => setIsReviewing((value) => !value)}>{t('doc.reviewChanges')}</Button>
          <Button
            type="primary"
            onClick={() => {
              setIsReviewing(false);
              onReload();
            }}
          >
            {t('doc.reload')}
          </Button>
        </Space>
      }
    >
      {stale ? (
        <>
          <Typography.Paragraph>
            {t('doc.staleText', {
              0: stale.updatedBy,
              1: formatDateTime(stale.updatedAt, i18n.language),
              2: stale.revision,
            })}
          </Typography.Paragraph>
          {isReviewing ? <ChangeList changes={stale.changes} /> : null}
        </>
      ) : null}
    </Modal>
  );
}
