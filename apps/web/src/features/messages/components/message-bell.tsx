import { BellOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unreadMessagesQuery } from '../messages.queries.ts';
import { useMessageStream } from '../use-message-stream.ts';
import { MessagePanel } from './message-panel.tsx';

/** The top bar's bell: unread count (capped at 99+, live through the message stream) and a dropdown of unread messages. */
export function MessageBell() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { data: messages = [] } = useQuery(unreadMessagesQuery());
  // Within seconds of a change; the query's 30 s poll stays as the fallback.
  useMessageStream();
  // The list holds at most BADGE_MAX + 1 rows; past the cap, screen readers hear "99+" like the badge shows.
  const spokenCount = messages.length > BADGE_MAX ? `${BADGE_MAX}+` : String(messages.length);

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setIsOpen}
      title={t('layout.messages')}
      content={<MessagePanel messages={messages} onNavigate={() => setIsOpen(false)} />}
    >
      <Button
        type="text"
        aria-label={t('layout.unreadCount', { 0: spokenCount })}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        icon={
          <Badge count={messages.length} overflowCount={BADGE_MAX} size="small" offset={[2, -2]}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
