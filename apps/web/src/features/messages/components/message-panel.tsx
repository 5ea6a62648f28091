import { type Message, MessageType } from '@quire/shared';
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { useSetAllRead, useSetRead } from '../messages.queries.ts';
import styles from './message-panel.module.css';

/**
 * Whether a message's `sourceId` is a doc it links to: a followed doc's change, or a change since the release
 * of a doc a followed release froze (the doc as it is now; its first breaking doc when several changed).
 */
export function linksToDoc(message: Pick<Message, 'type'>): boolean {
  return message.type === MessageType.doc || message.type === MessageType.release;
}

/** The bell's dropdown: unread messages with their actions, then "Set all read" and the message centre. */
export function MessagePanel({
  messages,
  onNavigate,
}: {
  messages: readonly Message[];
  onNavigate: () => void;
}) {
  const { t, i18n } = useTranslation();
  const setRead = useSetRead();
  const setAllRead = useSetAllRead();

  return (
    <div className={styles.panel}>
      {messages.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('layout.noMessage')}
          className={styles.empty}
        />
      ) : (
        <ul className={styles.list}>
          {messages.map((item) => (
            <li key={item.id} className={styles.item}>
              <Typography.Paragraph className={styles.text} ellipsis={{ rows: 2, tooltip: item.message }}>
                {item.message}
              </Typography.Paragraph>
              <div className={styles.meta}>
                <Typography.Text type="secondary" className={styles.time}>
                  {formatDateTime(item.pushTime, i18n.language)}
                </Typography.Text>
                <span className={styles.actions}>
                  {linksToDoc(item) ? (
                    <Link to={`/view/${encodeURIComponent(item.sourceId)}`} onClick={onNavigate}>
                      {t('layout.viewDoc')}
                    </Link>
                  ) : null}
                  <Button
                    type="link"
                    size="small"
                    className={styles.linkButton}
                    loading={setRead.isPending && setRead.variables === item.id}
                    onClick={() => setRead.mutate(item.id)}
                  >
                    {t('layout.setRead')}
                  </Button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        <Button
          size="small"
          disabled={messages.length === 0}
          loading={setAllRead.isPending}
          onClick={() => setAllRead.mutate()}
        >
          {t('layout.setAllRead')}
        </Button>
        <Link to="/user/message" onClick={onNavigate}>
          {t('layout.messageCenter')}
        </Link>
      </div>
    </div>
  );
}
