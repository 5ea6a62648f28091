import { EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { DocType, joinUrl, NOT_DEPRECATED } from '@quire/api-model';
import type { DocDetail, Environment } from '@quire/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { renderMarkdownSafe, sanitizeHtml } from '../../docs/safe-html.ts';
import { listEnvironments } from '../../modules/modules.api.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { ConstantsDrawer } from './constants-drawer.tsx';
import { DocCode } from './doc-code.tsx';
import styles from './doc-view.module.css';
import { GenerateCodeButton } from '../../gen/components/generate-code-button.tsx';
import { FollowButton } from './follow-button.tsx';
import { MethodTag } from './method-tag.tsx';
import { ParamTreeGrid } from './param-tree-grid.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <Typography.Title level={4} style={{ margin: '0 0 10px', fontSize: 15 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Sanitized HTML or rendered Markdown of a description or a custom/Markdown doc. */
function RichContent({ doc }: { doc: DocDetail }) {
  const html = useMemo(
    () =>
      doc.descriptionKind === 'markdown'
        ? renderMarkdownSafe(doc.description)
        : sanitizeHtml(doc.description),
    [doc.description, doc.descriptionKind],
  );
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify
  return <div className={styles.content} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The URL line: environment select and the full URL with copy ('copy failed', 'clipboard not supported'). */
function UrlLine({
  doc,
  env,
  envs,
  onEnv,
}: {
  doc: DocDetail;
  env: Environment | undefined;
  envs: Environment[];
  onEnv(id: string): void;
}) {
  const { t } = useTranslation();
  const full = joinUrl(env?.baseUrl ?? '', doc.url);
  return (
    <div className={styles.urlRow}>
      {envs.length > 0 ? (
        <Select
          aria-label={t('reader.environment')}
          size="small"
          value={env?.id}
          onChange={onEnv}
          style={{ minWidth: 140 }}
          options={envs.map((e) => ({ value: e.id, label: e.name }))}
        />
      ) : null}
      <code className={styles.url} data-testid="doc-url">
        {full}
      </code>
      <Button size="small" onClick={() => void copyText(full)}>
        {t('reader.copyUrl')}
      </Button>
    </div>
  );
}

/** The doc page of the reader: header, description, params, error codes, examples, code and types. */
export function DocView({ doc }: { doc: DocDetail }) {
  const { t, i18n } = useTranslation();
  const perms = usePermissions();
  const envs = useQuery({
    queryKey: ['modules', doc.moduleId, 'environments'],
    queryFn: ({ signal }) => listEnvironments(doc.moduleId, { signal, silent: true }),
    enabled: doc.type === DocType.http,
  });
  const [envId, setEnvId] = useState<string | null>(null);
  const envList = envs.data ?? [];
  const env = envList.find((e) => e.id === envId) ?? envList[0];
  const deprecated = doc.deprecated !== NOT_DEPRECATED;
  const canEdit = perms.canProject(doc.projectId, 'doc.write');
  const isApi = doc.type === DocType.http || doc.type === DocType.dubbo;
  const editPath =
    doc.type === DocType.custom || doc.type === DocType.markdown
      ? `/doc/edit_custom/${doc.moduleId}/${doc.id}`
      : `/doc/edit/${doc.moduleId}/${doc.id}`;

  return (
    <article aria-label={doc.name}>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          {doc.type === DocType.http ? <MethodTag method={doc.httpMethod} /> : null}
          {doc.type === DocType.dubbo ? <Tag color="purple">Dubbo</Tag> : null}
          <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }} delete={deprecated}>
            {doc.name}
          </Typography.Title>
          <Tooltip title={doc.isLocked ? t('reader.lockedHint') : undefined}>
            <Tag
              icon={doc.isLocked ? <LockOutlined /> : <UnlockOutlined />}
              color={doc.isLocked ? 'gold' : 'default'}
            >
              {doc.isLocked ? t('reader.locked') : t('reader.unlocked')}
            </Tag>
          </Tooltip>
          <span className={styles.spacer} />
          <ConstantsDrawer moduleId={doc.moduleId} projectId={doc.projectId} />
          <FollowButton docId={doc.id} />
          {isApi ? <GenerateCodeButton docId={doc.id} docName={doc.name} /> : null}
          {canEdit ? (
            <ButtonLink to={editPath} icon={<EditOutlined />}>
              {t('reader.edit')}
            </ButtonLink>
          ) : null}
        </div>
        {deprecated ? (
          <Alert
            type="warning"
            showIcon
            title={
              doc.deprecated
                ? t('reader.deprecatedReason', { 0: doc.deprecated })
                : t('reader.deprecatedBanner')
            }
          />
        ) : null}
        {doc.type === DocType.http ? <UrlLine doc={doc} env={env} envs={envList} onEnv={setEnvId} /> : null}
        <div className={styles.meta}>
          {doc.author ? (
            <span>
              {t('reader.author')}: {doc.author}
            </span>
          ) : null}
          <span>
            {t('reader.createdBy', {
              0: doc.creatorName || '-',
              1: formatDateTime(doc.createTime, i18n.language),
            })}
          </span>
          <span>
            {t('reader.lastChange', {
              0: doc.modifierName || '-',
              1: formatDateTime(doc.updateTime, i18n.language),
            })}
          </span>
        </div>
      </header>

      {isApi ? (
        <>
          {doc.description ? (
            <Section title={t('reader.description')}>
              <RichContent doc={doc} />
            </Section>
          ) : null}
          {doc.type === DocType.dubbo && doc.dubboInfo ? (
            <Section title={t('reader.dubboInfo')}>
              <Descriptions size="small" bordered column={1}>
                <Descriptions.Item label={t('doc.interfaceName')}>
                  {doc.dubboInfo.interfaceName}
                </Descriptions.Item>
                <Descriptions.Item label={t('doc.version')}>{doc.dubboInfo.version}</Descriptions.Item>
                <Descriptions.Item label={t('doc.protocol')}>{doc.dubboInfo.protocol}</Descriptions.Item>
                <Descriptions.Item label={t('doc.author')}>{doc.dubboInfo.author}</Descriptions.Item>
                <Descriptions.Item label={t('doc.dependency')}>
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{doc.dubboInfo.dependency}</pre>
                </Descriptions.Item>
              </Descriptions>
            </Section>
          ) : null}
          <ParamSections doc={doc} />
          {doc.errorCodeParams.length ? (
            <Section title={t('doc.tables.errorCodeParams')}>
              <Table
                size="small"
                bordered
                pagination={false}
                rowKey={(row) => row.id || row.code}
                dataSource={doc.errorCodeParams}
                columns={[
                  { title: t('doc.col.code'), dataIndex: 'code', width: 160 },
                  {
                    title: t('doc.col.description'),
                    key: 'description',
                    render: (_, row) => <RawHtml html={row.description} />,
                  },
                  {
                    title: t('doc.col.solution'),
                    key: 'solution',
                    render: (_, row) => <RawHtml html={row.solution} />,
                  },
                ]}
              />
            </Section>
          ) : null}
          {doc.type === DocType.http ? (
            <DocCode doc={doc} baseUrl={env?.baseUrl ?? ''} deferred={isLargeDoc(doc)} />
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

function isLargeDoc(doc: DocDetail): boolean {
  return (
    countParams(doc.requestParams) + countParams(doc.responseParams) + countParams(doc.queryParams) >
    LARGE_DOC_PARAMS
  );
}

function RawHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server and again by DOMPurify
  return <span dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The param tables, with the environment's global headers, params and returns where the doc uses them. */
function ParamSections({ doc }: { doc: DocDetail }) {
  const { t } = useTranslation();
  const tables: Array<{ title: string; params: DocDetail['pathParams']; simple?: boolean }> = [];
  if (doc.isUseGlobalHeaders && doc.globalHeaders.length)
    tables.push({ title: t('reader.globalHeaders'), params: doc.globalHeaders, simple: true });
  if (doc.headerParams.length)
    tables.push({ title: t('doc.tables.headerParams'), params: doc.headerParams, simple: true });
  if (doc.pathParams.length)
    tables.push({ title: t('doc.tables.pathParams'), params: doc.pathParams, simple: true });
  if (doc.queryParams.length) tables.push({ title: t('doc.tables.queryParams'), params: doc.queryParams });
  if (doc.isUseGlobalParams && doc.globalParams.length)
    tables.push({ title: t('reader.globalParams'), params: doc.globalParams });
  tables.push({ title: t('doc.tables.requestParams'), params: doc.requestParams });
  if (doc.isUseGlobalReturns && doc.globalReturns.length)
    tables.push({ title: t('reader.globalReturns'), params: doc.globalReturns });
  tables.push({ title: t('doc.tables.responseParams'), params: doc.responseParams });
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
