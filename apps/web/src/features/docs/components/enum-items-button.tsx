import { InfoCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Popover, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumItemsQuery } from '../docs.queries.ts';

/** The items of a linked dictionary, loaded when the popover opens. */
export function EnumItemsButton({ enumId, name }: { enumId: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = useQuery({ ...enumItemsQuery(enumId), enabled: open });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('doc.dictItems', { 0: name })}
      content={
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          loading={items.isPending}
          dataSource={items.data ?? []}
          style={{ maxWidth: 480 }}
          columns={[
            { title: t('dict.itemName'), dataIndex: 'name' },
            { title: t('dict.itemType'), dataIndex: 'type' },
            { title: t('dict.itemValue'), dataIndex: 'value' },
            { title: t('dict.itemDescription'), dataIndex: 'description' },
          ]}
        />
      }
    >
      <Button
        type="text"
        size="small"
        icon={<InfoCircleOutlined />}
        aria-label={t('doc.dictItems', { 0: name })}
      />
    </Popover>
  );
}
