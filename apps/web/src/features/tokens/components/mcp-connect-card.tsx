import { mcpConfigSnippet } from '@quire/shared';
import { Card, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button.tsx';

/**
 * How to connect an MCP client: the JSON most clients read (the same `quire mcp-config` prints), for this
 * server's address, with `<token>` where a token goes (the secret is shown once, in the created dialog).
 */
export function McpConnectCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const server = window.location.origin;
  const snippet = mcpConfigSnippet(server);
  const command = `quire mcp-config --server ${server} --token <token>`;
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('tokens.connectTitle')}
        </Typography.Title>
      }
      extra={<CopyButton size="small" text={snippet} label={t('tokens.copySnippet')} />}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph style={{ margin: 0 }}>{t('tokens.connectIntro')}</Typography.Paragraph>
        <pre
          data-testid="mcp-snippet"
          style={{
            margin: 0,
            padding: 12,
            overflow: 'auto',
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: 13,
            color: token.colorText,
            background: token.colorFillTertiary,
            borderRadius: token.borderRadius,
          }}
        >
          {snippet}
        </pre>
        <Typography.Text>{t('tokens.connectCli')}</Typography.Text>
        <Typography.Text code copyable={{ text: command }}>
          {command}
        </Typography.Text>
      </Space>
    </Card>
  );
}
