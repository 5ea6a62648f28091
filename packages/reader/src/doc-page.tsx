/** @jsxRuntime automatic */
import { DocType, joinUrl, NOT_DEPRECATED } from '@quire/api-model';
import type { DocDetail, Environment } from '@quire/shared';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { DocCode } from './doc-code.tsx';
import { fill, formatDateTime, useReaderHost } from './host.tsx';
import { MethodTag } from './method-tag.tsx';
import { ParamTreeGrid } from './param-tree-grid.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="q-rd-section" aria-label={title}>
      <h2 className="q-rd-section-title">{title}</h2>
      {children}
    </section>
  );
}

/** Sanitized HTML, inserted as is. */
function Html({ html, block = false }: { html: string; block?: boolean }) {
  const { sanitizeHtml } = useReaderHost();
  const clean = useMemo(() => sanitizeHtml(html), [html, sanitizeHtml]);
  if (!clean) return null;
  const Tag = block ? 'div' : 'span';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by the host
  return <Tag className={block ? 'q-rd-content' : undefined} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The description of an API, or the body of a custom/Markdown doc. */
function RichContent({ doc }: { doc: DocDetail }) {
  const { renderMarkdown } = useReaderHost();
  const html = useMemo(
    () => (doc.descriptionKind === 'markdown' ? renderMarkdown(doc.description) : ''),
    [doc.description, doc.descriptionKind, renderMarkdown],
  );
  if (doc.descriptionKind === 'markdown') {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered with raw HTML off and sanitized by the host
    return html ? <div className="q-rd-content" dangerouslySetInnerHTML={{ __html: html }} /> : null;
  }
  return <Html html={doc.description} block />;
}

/** The URL line: the environment select and the full URL with a copy button. */
function UrlLine({
  doc,
  env,
  envs,
  onEnv,
}: {
  doc: DocDetail;
  env: Environment | undefined;
  envs: ReadonlyArray<Environment>;
  onEnv(id: string): void;
}) {
  const { labels, copy } = useReaderHost();
  const selectId = useId();
  const full = joinUrl(env?.baseUrl ?? '', doc.url);
  return (
    <div className="q-rd-url-row">
      {envs.length > 0 ? (
        <>
          <label htmlFor={selectId} className="q-rd-visually-hidden">
            {labels.environment}
          </label>
          <select
            id={selectId}
            className="q-rd-select"
            value={env?.id}
            onChange={(event) => onEnv(event.target.value)}
          >
            {envs.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <code className="q-rd-url" data-testid="doc-url">
        {full}
      </code>
      {copy ? (
        <button type="button" className="q-rd-button" onClick={() => copy(full)}>
          {labels.copyUrl}
        </button>
      ) : null}
    </div>
  );
}

export interface DocPageProps {
  doc: DocDetail;
  /** The environments of the doc's application, in order; the first is selected at first. */
  environments?: ReadonlyArray<Environment> | undefined;
  /** The host's own controls in the title row (constants, follow, edit in the app; nothing in an export). */
  actions?: ReactNode;
  /** For people outside the team (share and composed-project pages): no lock state, no authorship line. */
  forVisitors?: boolean;
}

/**
 * The doc page: header (method, name, lock, URL per environment, authorship), description, param trees with
 * their dictionaries, error codes, and the examples, code snippets and TypeScript types generated from the
 * params. The same components render in the browser and, through `renderToStaticMarkup`, on the server.
 */
export function DocPage({ doc, environments = [], actions, forVisitors = false }: DocPageProps) {
  const { labels, language, staticMarkup } = useReaderHost();
  const [envId, setEnvId] = useState<string | null>(null);
  const env = environments.find((e) => e.id === envId) ?? environments[0];
  const deprecated = doc.deprecated !== NOT_DEPRECATED;
  const isApi = doc.type === DocType.http || doc.type === DocType.dubbo;

  return (
    <article aria-label={doc.name} className="q-reader q-rd-doc">
      <header className="q-rd-header">
        <div className="q-rd-title-row">
          {doc.type === DocType.http ? <MethodTag method={doc.httpMethod} /> : null}
          {doc.type === DocType.dubbo ? <span className="q-rd-method q-rd-tone-purple">Dubbo</span> : null}
          <h1 className={deprecated ? 'q-rd-title q-rd-deprecated' : 'q-rd-title'}>
            {deprecated ? <del>{doc.name}</del> : doc.name}
          </h1>
          {forVisitors ? null : (
            <span
              className={doc.isLocked ? 'q-rd-tag q-rd-locked' : 'q-rd-tag'}
              title={doc.isLocked ? labels.lockedHint : undefined}
            >
              {doc.isLocked ? labels.locked : labels.unlocked}
            </span>
          )}
          <span className="q-rd-spacer" />
          {actions}
        </div>
        {deprecated ? (
          <div role="note" className="q-rd-warning">
            {doc.deprecated ? fill(labels.deprecatedReason, doc.deprecated) : labels.deprecatedBanner}
          </div>
        ) : null}
        {doc.type === DocType.http ? (
          <UrlLine doc={doc} env={env} envs={environments} onEnv={setEnvId} />
        ) : null}
        <div className="q-rd-meta">
          {doc.author ? (
            <span>
              {labels.author}: {doc.author}
            </span>
          ) : null}
          {/* Visitors get no names of the team (the server blanks them), so no authorship line either. */}
          {forVisitors ? null : (
            <>
              <span>
                {fill(labels.createdBy, doc.creatorName || '-', formatDateTime(doc.createTime, language))}
              </span>
              <span>
                {fill(labels.lastChange, doc.modifierName || '-', formatDateTime(doc.updateTime, language))}
              </span>
            </>
          )}
        </div>
      </header>

      {isApi ? (
        <>
          {doc.description ? (
            <Section title={labels.description}>
              <RichContent doc={doc} />
            </Section>
          ) : null}
          {doc.type === DocType.dubbo && doc.dubboInfo ? (
            <Section title={labels.dubboInfo}>
              <dl className="q-rd-facts">
                <dt>{labels.interfaceName}</dt>
                <dd>{doc.dubboInfo.interfaceName}</dd>
                <dt>{labels.version}</dt>
                <dd>{doc.dubboInfo.version}</dd>
                <dt>{labels.protocol}</dt>
                <dd>{doc.dubboInfo.protocol}</dd>
                <dt>{labels.author}</dt>
                <dd>{doc.dubboInfo.author}</dd>
                <dt>{labels.dependency}</dt>
                <dd>
                  <pre className="q-rd-plain-pre">{doc.dubboInfo.dependency}</pre>
                </dd>
              </dl>
            </Section>
          ) : null}
          <ParamSections doc={doc} />
          {doc.errorCodeParams.length ? (
            <Section title={labels.errorCodeParams}>
              <table className="q-rd-table">
                <thead>
                  <tr>
                    <th className="q-rd-code-col">{labels.colCode}</th>
                    <th>{labels.colDescription}</th>
                    <th>{labels.colSolution}</th>
                  </tr>
                </thead>
                <tbody>
                  {doc.errorCodeParams.map((row, i) => (
                    <tr key={row.id || `${row.code}-${i}`}>
                      <td>{row.code}</td>
                      <td>
                        <Html html={row.description} />
                      </td>
                      <td>
                        <Html html={row.solution} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          ) : null}
          {doc.type === DocType.http ? (
            <DocCode
              doc={doc}
              baseUrl={env?.baseUrl ?? ''}
              deferred={!staticMarkup && isLargeDoc(doc)}
              onDemand={staticMarkup ? 0 : hugeDocParams(doc)}
            />
          ) : null}
        </>
      ) : (
        <RichContent doc={doc} />
      )}
    </article>
  );
}

// Past this many params in all, the generated examples, code and types wait until scrolled near.
const LARGE_DOC_PARAMS = 150;

function countParams(rows: ReadonlyArray<{ children: ReadonlyArray<unknown> }>): number {
  let n = 0;
  for (const row of rows)
    n += 1 + countParams(row.children as ReadonlyArray<{ children: ReadonlyArray<unknown> }>);
  return n;
}

function docParams(doc: DocDetail): number {
  return countParams(doc.requestParams) + countParams(doc.responseParams) + countParams(doc.queryParams);
}

function isLargeDoc(doc: DocDetail): boolean {
  return docParams(doc) > LARGE_DOC_PARAMS;
}

// Past this many, the examples, code and types are generated only when asked for (see DocCode's `onDemand`).
const HUGE_DOC_PARAMS = 2000;

/** The doc's param count if it is past HUGE_DOC_PARAMS, else 0. */
function hugeDocParams(doc: DocDetail): number {
  const count = docParams(doc);
  return count > HUGE_DOC_PARAMS ? count : 0;
}

/** The param tables, with the environment's global headers, params and returns where the doc uses them. */
function ParamSections({ doc }: { doc: DocDetail }) {
  const { labels } = useReaderHost();
  const tables: Array<{ title: string; params: DocDetail['pathParams']; simple?: boolean }> = [];
  if (doc.isUseGlobalHeaders && doc.globalHeaders.length)
    tables.push({ title: labels.globalHeaders, params: doc.globalHeaders, simple: true });
  if (doc.headerParams.length)
    tables.push({ title: labels.headerParams, params: doc.headerParams, simple: true });
  if (doc.pathParams.length) tables.push({ title: labels.pathParams, params: doc.pathParams, simple: true });
  if (doc.queryParams.length) tables.push({ title: labels.queryParams, params: doc.queryParams });
  if (doc.isUseGlobalParams && doc.globalParams.length)
    tables.push({ title: labels.globalParams, params: doc.globalParams });
  tables.push({ title: labels.requestParams, params: doc.requestParams });
  if (doc.isUseGlobalReturns && doc.globalReturns.length)
    tables.push({ title: labels.globalReturns, params: doc.globalReturns });
  tables.push({ title: labels.responseParams, params: doc.responseParams });
  return (
    <>
      {tables.map((table) => (
        <Section key={table.title} title={table.title}>
          <ParamTreeGrid params={table.params} enums={doc.enums} simple={table.simple} label={table.title} />
        </Section>
      ))}
    </>
  );
}
