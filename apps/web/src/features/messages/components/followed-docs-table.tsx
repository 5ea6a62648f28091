import { MethodTag } from '@quire/reader';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SubscribedDoc } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Popconfirm, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { toastSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { followedDocsQuery, useUnfollowDoc } from '../subscriptions.queries.ts';

/** The docs the caller follows (and may still read), paged, each with a link to the reader and Unfollow. */
export function FollowedDocsTable() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const docs = useQuery(followedDocsQuery(page.pageIndex, page.pageSize));
  const unfollow = useUnfollowDoc();

  if (docs.isError && !docs.data) return <ErrorState onRetry={() => void docs.refetch()} />;

  const columns: TableProps<SubscribedDoc>['columns'] = [
    {
      key: 'name',
      title: t('subscription.docName'),
      render: (_value: unknown, doc: SubscribedDoc) => (
        <span>
          {doc.httpMethod ? <MethodTag method={doc.httpMethod} /> : null}
          <Link to={`/view/${encodeURIComponent(doc.id)}`}>{doc.name}</Link>
          {doc.url ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              {doc.url}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      key: 'where',
      title: `${t('subscription.project')} / ${t('subscription.application')}`,
      render: (_value: unknown, doc: SubscribedDoc) => `${doc.projectName} / ${doc.moduleName}`,
    },
    {
      key: 'since',
      title: t('subscription.since'),
      dataIndex: 'subscribeTime',
      width: 190,
      render: (value: string) => formatDateTime(value, i18n.language),
    },
    {
      key: 'actions',
      title: t('user.actions'),
      width: 120,
      render: (_value: unknown, doc: SubscribedDoc) => (
        <Popconfirm
          title={t('subscription.unfollowConfirm')}
          onConfirm={() =>
            unfollow.mutateAsync(doc.id).then(() => toastSuccess(t('subscription.unfollowed')))
          }
        >
          <Button type="link" size="small" style={{ padding: 0 }}>
            {t('subscription.unfollow')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Table<SubscribedDoc>
      rowKey="id"
      columns={columns}
      dataSource={docs.data?.list ?? []}
      loading={docs.isFetching}
      scroll={{ x: 640 }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('subscription.emptyDocs')} />,
      }}
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: docs.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => t('common.total', { 0: total }),
        onChange: (pageIndex, pageSize) =>
          setPage((previous) => ({ pageIndex: pageSize === previous.pageSize ? pageIndex : 1, pageSize })),
      }}
    />
  );
}
