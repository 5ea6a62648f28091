import { useQuery } from '@tanstack/react-query';
import { Descriptions, Popover, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDocProps } from '../docs.api.ts';

/** A "Dubbo" tag whose popover shows the service facts of the doc or its nearest folder (`/prop/getDocProps`). */
export function DubboPropsTag({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const props = useQuery({
    queryKey: ['docs', 'props', docId],
    queryFn: ({ signal }) => getDocProps(docId, { signal }),
    enabled: open,
  });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      title={t('doc.dubbo')}
      content={
        props.data ? (
          <Descriptions size="small" column={1} style={{ maxWidth: 420 }}>
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
        )
      }
    >
      <Tag color="purple" style={{ marginInlineEnd: 0 }}>
        Dubbo
      </Tag>
    </Popover>
  );
}
