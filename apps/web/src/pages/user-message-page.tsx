import { CheckOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { MessageTable } from '../features/messages/components/message-table.tsx';
import { unreadMessagesQuery, useSetAllRead } from '../features/messages/messages.queries.ts';
import { toastSuccess } from '../lib/feedback.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** `/user/message`: every message, paged; "Set all read" while unread ones exist. */
export function UserMessagePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('user.myMessages'));
  const { data: unread = [] } = useQuery(unreadMessagesQuery());
  const setAllRead = useSetAllRead();

  return (
    <>
      <PageHeader
        title={t('user.myMessages')}
        extra={
          unread.length > 0 ? (
            <Button
              icon={<CheckOutlined />}
              loading={setAllRead.isPending}
              onClick={() =>
                setAllRead.mutate(undefined, { onSuccess: () => toastSuccess(t('user.setAllReadDone')) })
              }
            >
              {t('layout.setAllRead')}
            </Button>
          ) : null
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <MessageTable />
      </Card>
    </>
  );
}
