import { Spin } from 'antd';

/** Full-area spinner while a page's code or first data loads. */
export function PageSpinner() {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '40vh',
        padding: 48,
      }}
    >
      <Spin size="large" />
    </div>
  );
}
