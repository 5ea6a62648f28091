import { DEFAULT_PAGE_SIZE, type Message, PAGE_SIZES } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { messagePageQuery, useSetRead } from '../messages.queries.ts';
import { linksToDoc } from './message-panel.tsx';

/** Value of `isRead` for an unread message. */
const UNREAD = 0;

/** The message centre's paged table: content, read state (word and colour), push time and actions. */
export function MessageTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const messages = useQuery(messagePageQuery(page.pageIndex, page.pageSize));
  const setRead = useSetRead();

  if (messages.isError && !messages.data) return <ErrorState onRetry={() => void messages.refetch()} />;

  const columns: TableProps<Message>['columns'] = [
    {
      key: 'message',
      title: t('user.content'),
      dataIndex: 'message',
      ellipsis: true,
      render: (text: string) => (
        <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
          {text}
        </Typography.Text>
      ),
    },
    {
      key: 'isRead',
      title: t('user.state'),
      dataIndex: 'isRead',
      width: 100,
      render: (isRead: number) =>
        isRead === UNREAD ? <Tag color="blue">{t('user.unread')}</Tag> : <Tag>{t('user.read')}</Tag>,
    },
    {
      key: 'pushTime',
      title: t('user.pushTime'),
      dataIndex: 'pushTime',
      width: 190,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 180,
      render: (_value: unknown, item: Message) => (
        <Space size="middle">
          {linksToDoc(item) ? (
            <Link to={`/view/${encodeURIComponent(item.sourceId)}`}>{t('layout.viewDoc')}</Link>
          ) : null}
          {item.isRead === UNREAD ? (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              loading={setRead.isPending && setRead.variables === item.id}
              onClick={() => setRead.mutate(item.id)}
            >
              {t('layout.setRead')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Table<Message>
      rowKey="id"
      columns={columns}
      dataSource={messages.data?.list ?? []}
      loading={messages.isFetching}
      scroll={{ x: 640 }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <div>{t('layout.noMessage')}</div>
                <Typography.Text type="secondary">{t('user.noMessagesText')}</Typography.Text>
              </>
            }
          />
        ),
      }}
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: messages.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('common.total', { 0: total }),
        onChange: (pageIndex, pageSize) =>
          setPage((previous) => ({ pageIndex: pageSize === previous.pageSize ? pageIndex : 1, pageSize })),
      }}
    />
  );
}
