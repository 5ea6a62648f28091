import { MethodTag } from '@quire/reader';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TreeItem } from '../view-tree.ts';

/**
 * The landing's docs as a grid: method, name, URL and folder; a click on a row opens its doc, and the name is a
 * link so the keyboard (Tab, Enter) and a new tab reach it too. Loaded when first chosen.
 */
export function DocGrid({ docs }: { docs: TreeItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Table<TreeItem>
      size="small"
      rowKey="id"
      dataSource={docs}
      pagination={false}
      onRow={(item) => ({
        onClick: () => void navigate(`/view/${item.id}`),
        style: { cursor: 'pointer' },
      })}
      columns={[
        {
          title: t('doc.method'),
          key: 'method',
          width: 90,
          render: (_, item) => <MethodTag method={item.httpMethod} small />,
        },
        {
          title: t('doc.name'),
          key: 'name',
          render: (_, item) => (
            <Link to={`/view/${item.id}`} onClick={(event) => event.stopPropagation()}>
              {item.label}
            </Link>
          ),
        },
        { title: t('doc.url'), dataIndex: 'url' },
        { title: t('doc.folder'), key: 'folder', render: (_, item) => item.parent?.label ?? '' },
      ]}
    />
  );
}
