import {
  codeSnippet,
  exampleObject,
  type ParamRow,
  type SampleRequest,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
  sampleRequestOf,
  typeNameOf,
  typeScriptOf,
} from '@quire/api-model';
import type { DocDetail } from '@quire/shared';
import { Card, Col, Row, Skeleton, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { CodeBlock } from './code-block.tsx';

const LANGUAGE_LABELS: Record<SnippetLanguage, string> = {
  curl: 'cURL',
  fetch: 'fetch',
  axios: 'axios',
  python: 'Python requests',
  okhttp: 'Java OkHttp',
  go: 'Go',
};

function rootArray(
  value: Record<string, unknown>,
  params: ReadonlyArray<ParamRow>,
  isArray: boolean,
  type: string,
) {
  if (!isArray) return value;
  if (type === 'object') return [value];
  const first = params[0];
  // A primitive root array: its first row's example, else one default element.
  const sample = first?.example
    ? first.example.split(',').map((s) => s.trim())
    : [type === 'number' ? 0 : 'string'];
  return type === 'number' ? sample.map(Number) : sample;
}

/** One language's snippet, generated when its tab is first opened (antd renders inactive tabs lazily). */
function Snippet({ request, lang }: { request: SampleRequest; lang: SnippetLanguage }) {
  const code = useMemo(() => codeSnippet(request, lang), [request, lang]);
  return <CodeBlock code={code} label={LANGUAGE_LABELS[lang]} />;
}

/**
 * Request and response examples generated from the params (examples where given, defaults by type otherwise),
 * the request as code in six languages, and TypeScript types: all computed in the browser from the doc.
 * For a large doc (`deferred`) they are generated only when the reader scrolls near them: below the params,
 * they are off screen when the doc opens, and generating and laying out thousands of lines of examples and
 * types was a large part of opening a 1,000-param doc.
 */
export function DocCode({ doc, baseUrl, deferred }: { doc: DocDetail; baseUrl: string; deferred: boolean }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(deferred);
  if (!near) {
    return (
      <div ref={ref} aria-busy="true" style={{ minHeight: 480 }}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return <DocCodeContent doc={doc} baseUrl={baseUrl} />;
}

function DocCodeContent({ doc, baseUrl }: { doc: DocDetail; baseUrl: string }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const headers = useMemo(
    () => (doc.isUseGlobalHeaders ? doc.globalHeaders : []),
    [doc.isUseGlobalHeaders, doc.globalHeaders],
  );
  const request = useMemo(() => {
    const requestParams = doc.isUseGlobalParams
      ? [...doc.globalParams, ...doc.requestParams]
      : doc.requestParams;
    return sampleRequestOf({ ...doc, requestParams }, baseUrl, headers);
  }, [doc, baseUrl, headers]);
  const responseParams = useMemo(
    () => (doc.isUseGlobalReturns ? [...doc.globalReturns, ...doc.responseParams] : doc.responseParams),
    [doc.isUseGlobalReturns, doc.globalReturns, doc.responseParams],
  );
  const requestJson = useMemo(
    () => (request.body.kind === 'json' ? JSON.stringify(request.body.value, null, 2) : ''),
    [request],
  );
  const responseJson = useMemo(
    () =>
      JSON.stringify(
        rootArray(exampleObject(responseParams), responseParams, doc.isResponseArray, doc.responseArrayType),
        null,
        2,
      ),
    [responseParams, doc.isResponseArray, doc.responseArrayType],
  );
  const typeName = typeNameOf(doc.name, doc.url);
  const types = useMemo(() => {
    const parts: string[] = [];
    if (doc.requestParams.length || doc.isRequestArray) {
      parts.push(
        typeScriptOf(`${typeName}Request`, doc.requestParams, {
          isArray: doc.isRequestArray,
          elementType: doc.requestArrayType,
        }),
      );
    }
    if (responseParams.length || doc.isResponseArray) {
      parts.push(
        typeScriptOf(`${typeName}Response`, responseParams, {
          isArray: doc.isResponseArray,
          elementType: doc.responseArrayType,
        }),
      );
    }
    return parts.join('\n\n');
  }, [doc, responseParams, typeName]);

  return (
    <>
      <Row gutter={16}>
        {requestJson ? (
          <Col xs={24} xl={12} style={{ marginBottom: 16 }}>
            <Card size="small" title={t('reader.requestExample')}>
              <CodeBlock code={requestJson} label={t('reader.requestExample')} />
            </Card>
          </Col>
        ) : null}
        {responseParams.length ? (
          <Col xs={24} xl={requestJson ? 12 : 24} style={{ marginBottom: 16 }}>
            <Card size="small" title={t('reader.responseExample')}>
              <CodeBlock code={responseJson} label={t('reader.responseExample')} />
            </Card>
          </Col>
        ) : null}
      </Row>
      <Card size="small" title={t('reader.code')} style={{ marginBottom: 16 }}>
        <Tabs
          size="small"
          activeKey={language}
          onChange={(key) => setLanguage(key as SnippetLanguage)}
          items={SNIPPET_LANGUAGES.map((lang) => ({
            key: lang,
            label: LANGUAGE_LABELS[lang],
            children: <Snippet request={request} lang={lang} />,
          }))}
        />
      </Card>
      {types ? (
        <Card size="small" title={t('reader.typescript')} style={{ marginBottom: 16 }}>
          <CodeBlock code={types} label={t('reader.typescript')} />
        </Card>
      ) : null}
    </>
  );
}
