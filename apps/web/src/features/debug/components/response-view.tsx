import { Alert, Descriptions, Empty, Image, Space, Tabs, Tag, Typography, theme } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../../lib/feedback.ts';
import type { DebugResponse } from '../debug-send.ts';
import { useJsonDoc } from '../json-doc.ts';
import { formatSize, rawLines, viewOfBody } from '../response-body.ts';
import { JsonLaying, JsonView } from './json-view.tsx';
import { VirtualLines } from './virtual-lines.tsx';

function statusColor(status: number): string {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'processing';
  return 'success';
}

function ImageBody({ bytes, mime }: { bytes: Uint8Array; mime: string }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    const blobUrl = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
    setUrl(blobUrl);
    return () => URL.revokeObjectURL(blobUrl);
  }, [bytes, mime]);
  return url ? <Image src={url} alt="" style={{ maxWidth: '100%', maxHeight: 420 }} /> : null;
}

/** The body as text lines; decoded when its tab first shows (a 10 MB decode is not free). */
function RawBody({ bytes, label }: { bytes: Uint8Array; label: string }) {
  const lines = useMemo(() => rawLines(new TextDecoder().decode(bytes)), [bytes]);
  return <VirtualLines lines={lines} label={label} />;
}

/** A JSON body, laid out in the worker; text lines if it turns out not to parse. */
function PrettyBody({ bytes, label }: { bytes: Uint8Array; label: string }) {
  const { state, search } = useJsonDoc(bytes);
  const copy = useCallback(() => new TextDecoder().decode(bytes), [bytes]);
  if (state.status === 'parsing') return <JsonLaying />;
  if (state.status === 'invalid') return <RawBody bytes={bytes} label={label} />;
  return <JsonView lines={state.lines} label={label} search={search} copy={copy} />;
}

/** The answer: status, time, size, then the body (pretty, raw, preview) and the headers. */
export function ResponseView({ response }: { response: DebugResponse }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const view = useMemo(() => viewOfBody(response.body, response.contentType), [response]);
  // A screen reader hears that the answer came, and its status, without losing its place (WCAG 4.1.3).
  useEffect(() => {
    announce(
      `${t('debug.response')}: ${t('debug.status')} ${response.status}, ${t('debug.time')} ${t('debug.ms', { 0: response.ms })}`,
    );
  }, [response, t]);
  const html = useMemo(
    () => (view.kind === 'text' && view.html ? new TextDecoder().decode(response.body) : ''),
    [view, response],
  );

  const bodyTabs = [];
  if (view.kind === 'json')
    bodyTabs.push({
      key: 'pretty',
      label: t('debug.pretty'),
      children: <PrettyBody bytes={response.body} label={t('debug.pretty')} />,
    });
  if (view.kind === 'json' || view.kind === 'text')
    bodyTabs.push({
      key: 'raw',
      label: t('debug.raw'),
      children: <RawBody bytes={response.body} label={t('debug.raw')} />,
    });
  if (view.kind === 'text' && view.html)
    bodyTabs.push({
      key: 'preview',
      label: t('debug.preview'),
      // An empty sandbox: no scripts, no forms, a unique origin, so the page cannot reach Quire's.
      children: (
        <iframe
          title={t('debug.preview')}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={html}
          style={{
            width: '100%',
            height: 420,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            // A page is drawn on white, as a browser tab would show it, whatever Quire's theme.
            background: token.colorWhite,
          }}
        />
      ),
    });
  if (view.kind === 'image')
    bodyTabs.push({
      key: 'preview',
      label: t('debug.preview'),
      children: <ImageBody bytes={response.body} mime={view.mime} />,
    });
  if (view.kind === 'binary' || view.kind === 'empty')
    bodyTabs.push({
      key: 'raw',
      label: t('debug.raw'),
      children:
        view.kind === 'binary' ? (
          <Alert type="info" showIcon title={t('debug.binary', { 0: formatSize(response.body.length) })} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ),
    });

  return (
    <section aria-label={t('debug.response')} data-testid="debug-response">
      <Space wrap size="middle" style={{ marginBottom: 8 }}>
        <span>
          {t('debug.status')}:{' '}
          <Tag color={statusColor(response.status)} data-testid="debug-status">
            {response.status}
          </Tag>
        </span>
        <Typography.Text>
          {t('debug.time')}: {t('debug.ms', { 0: response.ms })}
        </Typography.Text>
        <Typography.Text>
          {t('debug.size')}: {formatSize(response.body.length)}
        </Typography.Text>
        <Tag>{response.via === 'proxy' ? t('debug.useProxy') : t('debug.direct')}</Tag>
      </Space>
      <Tabs
        size="small"
        items={[
          ...bodyTabs,
          {
            key: 'headers',
            label: `${t('debug.responseHeaders')} (${response.headers.length})`,
            children: (
              <Descriptions size="small" bordered column={1}>
                {response.headers.map(([name, value]) => (
                  <Descriptions.Item key={name} label={name}>
                    <span style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{value}</span>
                  </Descriptions.Item>
                ))}
              </Descriptions>
            ),
          },
        ]}
      />
    </section>
  );
}
