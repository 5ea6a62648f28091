/** @jsxRuntime automatic */
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
  URL_QUOTING,
  urlLiteralPart,
} from '@quire/api-model';
import type { DocDetail } from '@quire/shared';
import { Fragment, type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { CodeBlock } from './code-block.tsx';
import { fill, useReaderHost } from './host.tsx';
import { useNearViewport } from './use-near-viewport.ts';

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

/** A titled box around generated code. */
function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="q-rd-card" aria-label={title}>
      <h3 className="q-rd-card-title">{title}</h3>
      <div className="q-rd-card-body">{children}</div>
    </section>
  );
}

/**
 * The snippet languages as WAI-ARIA tabs: arrows, Home and End move between them (and select, as most tab
 * bars do); only the selected panel exists, so a snippet is generated when its tab is first opened.
 */
function LanguageTabs({ request }: { request: SampleRequest }) {
  const { labels } = useReaderHost();
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const uid = useId();
  const list = useRef<HTMLDivElement>(null);
  const select = (lang: SnippetLanguage) => {
    setLanguage(lang);
    list.current?.querySelector<HTMLElement>(`[data-lang="${lang}"]`)?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const at = SNIPPET_LANGUAGES.indexOf(language);
    const last = SNIPPET_LANGUAGES.length - 1;
    const target = {
      ArrowRight: at === last ? 0 : at + 1,
      ArrowLeft: at === 0 ? last : at - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const lang = SNIPPET_LANGUAGES[target];
    if (lang) select(lang);
  };
  return (
    <>
      <div ref={list} role="tablist" aria-label={labels.codeLanguage} className="q-rd-tabs" onKeyDown={onKey}>
        {SNIPPET_LANGUAGES.map((lang) => (
          <button
            key={lang}
            type="button"
            role="tab"
            id={`${uid}-tab-${lang}`}
            aria-controls={`${uid}-panel`}
            aria-selected={lang === language}
            tabIndex={lang === language ? 0 : -1}
            data-lang={lang}
            className="q-rd-tab"
            onClick={() => setLanguage(lang)}
          >
            {LANGUAGE_LABELS[lang]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${uid}-panel`} aria-labelledby={`${uid}-tab-${language}`}>
        <Snippet request={request} lang={language} />
      </div>
    </>
  );
}

/**
 * A static page's snippets are generated against this stand-in base URL, then each occurrence is written as
 * a `data-q-base-url` span holding the chosen environment's base URL, so the page's script can put another
 * environment's there (letters and underscores only: every language's quoting leaves it as it is).
 */
export const BASE_URL_MARK = 'QUIRE_BASE_URL_7c1f9e';

/**
 * What stands in a request URL before its path: `joinUrl(base, path)` minus the path (the base without its
 * trailing slashes and one slash; the path's own leading slashes when there is no base; the base alone when
 * there is no path). The HTML export's script computes the same for the environment chosen.
 */
export function baseUrlPrefix(base: string, path: string): string {
  if (!base) return /^\/*/.exec(path)?.[0] ?? '';
  return path ? `${base.replace(/\/+$/, '')}/` : base;
}

/**
 * The snippets of a static page (the HTML export): every language in a native disclosure, cURL open, so each
 * works without the page's script and no tab is left that does nothing. The base URL in each is a marked span
 * (see `BASE_URL_MARK`) that the page's environment select rewrites.
 */
function LanguageList({ request, baseUrl, path }: { request: SampleRequest; baseUrl: string; path: string }) {
  return (
    <>
      {SNIPPET_LANGUAGES.map((lang) => (
        <details key={lang} open={lang === 'curl'} className="q-rd-snippet">
          <summary>{LANGUAGE_LABELS[lang]}</summary>
          <MarkedSnippet request={request} lang={lang} baseUrl={baseUrl} path={path} />
        </details>
      ))}
    </>
  );
}

/** A snippet generated against `BASE_URL_MARK`, each mark (and the slash joining it to the path) a span. */
function MarkedSnippet({
  request,
  lang,
  baseUrl,
  path,
}: {
  request: SampleRequest;
  lang: SnippetLanguage;
  baseUrl: string;
  path: string;
}) {
  const code = codeSnippet(request, lang);
  const prefix = urlLiteralPart(lang, baseUrlPrefix(baseUrl, path));
  // joinUrl put one slash after the mark when there is a path: it belongs to the prefix.
  const joiner = path ? '/' : '';
  const pieces = code.split(BASE_URL_MARK);
  const rest = pieces
    .slice(1)
    .map((piece) => (piece.startsWith(joiner) ? piece.slice(joiner.length) : piece));
  return (
    <CodeBlock code={[pieces[0], ...rest].join(prefix)} label={LANGUAGE_LABELS[lang]}>
      {pieces[0]}
      {rest.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a static render of fixed pieces
        <Fragment key={i}>
          <span data-q-base-url={URL_QUOTING[lang]}>{prefix}</span>
          {piece}
        </Fragment>
      ))}
    </CodeBlock>
  );
}

/** One language's snippet, generated when its tab is first opened. */
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
export function DocCode({
  doc,
  baseUrl,
  deferred,
  onDemand = 0,
}: {
  doc: DocDetail;
  baseUrl: string;
  deferred: boolean;
  /**
   * The doc's param count when it is so large that generating waits for the reader to ask (a button): for
   * 10,000 params the examples and types took half a second or more of the page's thread in one piece, right
   * beside the param table (virtualized, so no longer pushing this far below the fold). 0 otherwise.
   */
  onDemand?: number;
}) {
  const [ref, near] = useNearViewport<HTMLDivElement>(deferred);
  const [asked, setAsked] = useState(false);
  const { labels } = useReaderHost();
  if (onDemand > 0 && !asked) {
    return (
      <div className="q-rd-pending" data-testid="doc-code-on-demand">
        <p className="q-rd-muted">{fill(labels.hugeCode, onDemand)}</p>
        <button type="button" className="q-rd-button" onClick={() => setAsked(true)}>
          {labels.showCode}
        </button>
      </div>
    );
  }
  if (!near && !asked) {
    return (
      <div ref={ref} aria-busy="true" className="q-rd-pending">
        <LoadingText />
      </div>
    );
  }
  return <DocCodeContent doc={doc} baseUrl={baseUrl} />;
}

function LoadingText() {
  const { labels } = useReaderHost();
  return <span className="q-rd-muted">{labels.loadingCode}</span>;
}

function DocCodeContent({ doc, baseUrl }: { doc: DocDetail; baseUrl: string }) {
  const { labels, staticMarkup } = useReaderHost();
  const headers = useMemo(
    () => (doc.isUseGlobalHeaders ? doc.globalHeaders : []),
    [doc.isUseGlobalHeaders, doc.globalHeaders],
  );
  const request = useMemo(() => {
    const requestParams = doc.isUseGlobalParams
      ? [...doc.globalParams, ...doc.requestParams]
      : doc.requestParams;
    // A static page's snippets carry a mark where the base URL goes (see LanguageList).
    return sampleRequestOf({ ...doc, requestParams }, staticMarkup ? BASE_URL_MARK : baseUrl, headers);
  }, [doc, baseUrl, headers, staticMarkup]);
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
      <div className={requestJson && responseParams.length ? 'q-rd-examples q-rd-two' : 'q-rd-examples'}>
        {requestJson ? (
          <Card title={labels.requestExample}>
            <CodeBlock code={requestJson} label={labels.requestExample} />
          </Card>
        ) : null}
        {responseParams.length ? (
          <Card title={labels.responseExample}>
            <CodeBlock code={responseJson} label={labels.responseExample} />
          </Card>
        ) : null}
      </div>
      <Card title={labels.code}>
        {staticMarkup ? (
          <LanguageList request={request} baseUrl={baseUrl} path={doc.url} />
        ) : (
          <LanguageTabs request={request} />
        )}
      </Card>
      {types ? (
        <Card title={labels.typescript}>
          <CodeBlock code={types} label={labels.typescript} />
        </Card>
      ) : null}
    </>
  );
}
