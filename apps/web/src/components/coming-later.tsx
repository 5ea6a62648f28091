import { Empty, Typography } from 'antd';

/**
 * The honest empty state of a screen whose feature arrives in a later version: what the screen will hold and
 * when, never made-up rows.
 */
export function ComingLater({ title, text }: { title: string; text: string }) {
  return (
    <Empty
      style={{ padding: '32px 0' }}
      description={
        <>
          <Typography.Title level={2} style={{ margin: '8px 0 4px', fontSize: 16 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{text}</Typography.Text>
        </>
      }
    />
  );
}
