import { useQuery } from '@tanstack/react-query';
import { Descriptions, Popover, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDocProps } from '../docs.api.ts';
import { docKeys } from '../docs.queries.ts';

/**
 * A "Dubbo" tag whose popover shows the service facts of the doc or its nearest folder (`/prop/getDocProps`):
 * interface, version, protocol, author and dependency. The editor's tree and the reader's tree both use it;
 * `compact` is the reader's smaller tag.
 */
export function DubboPropsTag({ docId, compact = false }: { docId: string; compact?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const props = useQuery({
    queryKey: docKeys.props(docId),
    queryFn: ({ signal }) => getDocProps(docId, { signal }),
    enabled: open,
  });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      title={t('doc.dubbo')}
      content={
        <div style={{ width: 500, maxWidth: 'calc(100vw - 48px)' }}>
          {props.data ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('doc.interfaceName')}>{props.data.interfaceName}</Descriptions.Item>
              <Descriptions.Item label={t('doc.version')}>{props.data.version}</Descriptions.Item>
              <Descriptions.Item label={t('doc.protocol')}>{props.data.protocol}</Descriptions.Item>
              <Descriptions.Item label={t('doc.author')}>{props.data.author}</Descriptions.Item>
              <Descriptions.Item label={t('doc.dependency')}>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{props.data.dependency}</pre>
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Spin size="small" />
          )}
        </div>
      }
    >
      <Tag
        color="purple"
        style={compact ? { marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' } : { marginInlineEnd: 0 }}
      >
        Dubbo
      </Tag>
    </Popover>
  );
}
