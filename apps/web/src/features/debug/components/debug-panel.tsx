import { CopyOutlined, HistoryOutlined, ReloadOutlined, SendOutlined } from '@ant-design/icons';
import type { DebugValues, DocDetail, Environment } from '@quire/shared';
import { ScriptType } from '@quire/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Dropdown,
  Empty,
  Input,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../../lib/clipboard.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePermissions } from '../../permissions/use-permissions.ts';
import { getDebugConfig, getDebugValues, saveDebugValue } from '../debug.api.ts';
import { debugKeys } from '../debug.queries.ts';
import {
  type BodyKind,
  type BuiltRequest,
  buildRequest,
  type DebugForm,
  FormatError,
  type FormField,
  formFromDoc,
  formOfValue,
  toCurl,
  valueOfForm,
} from '../debug-request.ts';
import { type DebugResponse, type FormFiles, SendError, sendDirect, sendProxy } from '../debug-send.ts';
import { readVars, writeVars } from '../debug-vars.ts';
import type { DebugVisitor } from '../debug-visitor.ts';
import { fromScriptRequest, ScriptOriginError, toScriptRequest } from '../script-request.ts';
import { runScript, type ScriptRequest } from '../script-runner.ts';
import { type Failure, FailureAlert, scriptFailure } from './debug-failure.tsx';
import { FieldValue } from './field-value.tsx';
import { KvTable } from './kv-table.tsx';
import { ResponseView } from './response-view.tsx';
import { ScriptsPanel, useDebugScripts } from './scripts-panel.tsx';

/** Proxy by default when the proxy is open and the environment is on another origin (CORS would apply). */
export function defaultUseProxy(proxyAvailable: boolean, baseUrl: string | undefined): boolean {
  if (!proxyAvailable || !baseUrl) return false;
  try {
    return new URL(baseUrl).origin !== window.location.origin;
  } catch {
    return false;
  }
}

const BODY_KINDS: BodyKind[] = ['none', 'json', 'form', 'multipart', 'xml', 'raw'];

/**
 * The debug panel of an HTTP doc: the request prefilled from the doc (or the caller's last values), sent from
 * the browser or through Quire's guarded proxy, with pre and post scripts run in the sandbox around it. With
 * `visitor` (a share or show page offering debugging) every call goes as that visitor, and the user's own
 * things (remembered values, history, script editing) are left out.
 */
export function DebugPanel({
  doc,
  envs,
  visitor,
}: {
  doc: DocDetail;
  envs: Environment[];
  visitor?: DebugVisitor | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const client = useQueryClient();
  const perms = usePermissions();
  const config = useQuery({
    queryKey: debugKeys.config(doc.id, visitor?.scope),
    queryFn: ({ signal }) => getDebugConfig(doc.id, { signal, silent: true, headers: visitor?.headers() }),
  });
  const values = useQuery({
    queryKey: debugKeys.values(doc.id),
    queryFn: ({ signal }) => getDebugValues(doc.id, { signal, silent: true }),
    enabled: !visitor,
  });
  const scripts = useDebugScripts(doc.id, visitor);
  const [form, setForm] = useState<DebugForm | null>(null);
  const [files, setFiles] = useState<Map<number, File[]>>(new Map());
  const [failure, setFailure] = useState<Failure | null>(null);
  const [response, setResponse] = useState<DebugResponse | null>(null);
  const [sending, setSending] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const proxyAvailable = config.data?.proxyAvailable ?? false;
  const fresh = (envId: string) =>
    formFromDoc(doc, envId, defaultUseProxy(proxyAvailable, envs.find((e) => e.id === envId)?.baseUrl));

  // The form opens with the caller's last values for this doc, else from the doc itself (once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `fresh` reads the same inputs listed here
  useEffect(() => {
    if (form || !config.data || (!visitor && values.isLoading)) return;
    const last = values.data?.last;
    const envId = envs.some((e) => e.id === last?.envId) ? (last?.envId ?? '') : (envs[0]?.id ?? '');
    setForm(last ? { ...formOfValue(last), envId } : fresh(envId));
  }, [form, config.data, values.isLoading, values.data, envs, visitor]);

  useEffect(() => () => abort.current?.abort(), []);

  const env = envs.find((e) => e.id === form?.envId);
  const preview = useMemo(() => {
    if (!form) return null;
    try {
      return buildRequest(form, env?.baseUrl ?? '', readVars(doc.moduleId));
    } catch {
      return null;
    }
  }, [form, env, doc.moduleId]);

  if (config.isError) return <Alert type="error" showIcon title={(config.error as Error).message} />;
  if (!config.data || !form) return <Spin />;
  if (!config.data.allowDebug) return <Alert type="info" showIcon title={t('debug.disabled')} />;

  const update = (patch: Partial<DebugForm>) => setForm({ ...form, ...patch });
  const enabledScripts = (type: number) => (scripts.data ?? []).filter((s) => s.enabled && s.type === type);

  async function send() {
    if (!form) return;
    setFailure(null);
    let vars = readVars(doc.moduleId);
    let request: BuiltRequest;
    try {
      request = buildRequest(form, env?.baseUrl ?? '', vars);
    } catch (error) {
      if (error instanceof FormatError) return setFailure({ kind: 'format', detail: error.detail });
      throw error;
    }
    setSending(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      for (const script of enabledScripts(ScriptType.pre)) {
        const outcome = await runScript<ScriptRequest>(script.content, {
          req: toScriptRequest(request),
          vars,
        });
        if (!outcome.ok) return setFailure(scriptFailure(script.name, outcome));
        try {
          request = fromScriptRequest(request, outcome.value);
        } catch (error) {
          if (!(error instanceof ScriptOriginError)) throw error;
          return setFailure({
            kind: 'scriptOrigin',
            name: script.name,
            expected: error.expected,
            got: error.got,
          });
        }
        vars = outcome.vars;
      }
      const answer = form.useProxy
        ? await sendProxy(request, files as FormFiles, doc.id, controller.signal, visitor?.headers())
        : await sendDirect(request, files as FormFiles, controller.signal);
      setResponse(answer);
      if (!visitor)
        void saveDebugValue(doc.id, valueOfForm(form)).then(
          (saved: DebugValues) => client.setQueryData(debugKeys.values(doc.id), saved),
          () => undefined,
        );
      // Decoded and parsed only for post scripts: a 10 MB answer would hold the page's thread for nothing.
      const posts = enabledScripts(ScriptType.post);
      const text = posts.length ? new TextDecoder().decode(answer.body.slice(0, 2 * 1024 * 1024)) : '';
      let json = null;
      try {
        json = posts.length ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      for (const script of posts) {
        const outcome = await runScript<null>(script.content, {
          req: toScriptRequest(request),
          resp: { status: answer.status, headers: Object.fromEntries(answer.headers), body: text, json },
          vars,
        });
        if (!outcome.ok) {
          setFailure(scriptFailure(script.name, outcome));
          break;
        }
        vars = outcome.vars;
      }
      writeVars(doc.moduleId, vars);
    } catch (error) {
      if (error instanceof SendError) {
        if (error.kind === 'browser') setFailure({ kind: 'browser' });
        else if (error.kind === 'refused') setFailure({ kind: 'refused', message: error.message });
      } else throw error;
    } finally {
      setSending(false);
      abort.current = null;
    }
  }

  const fieldValue = (row: FormField, index: number, set: (patch: Partial<FormField>) => void) => (
    <FieldValue
      row={row}
      index={index}
      set={set}
      onFiles={(chosen) => setFiles(new Map(files).set(index, chosen))}
    />
  );

  const history = values.data?.history ?? [];
  const tabs = [
    ...(form.pathParams.length
      ? [
          {
            key: 'path',
            label: t('debug.pathParams'),
            children: (
              <KvTable
                label={t('debug.pathParams')}
                rows={form.pathParams.map(([name, value]) => ({ name, value, enabled: true }))}
                newRow={() => ({ name: '', value: '', enabled: true })}
                onChange={(rows) => update({ pathParams: rows.map((r) => [r.name, r.value]) })}
              />
            ),
          },
        ]
      : []),
    {
      key: 'query',
      label: `${t('debug.queryParams')} (${form.queryParams.length})`,
      children: (
        <KvTable
          label={t('debug.queryParams')}
          rows={form.queryParams}
          newRow={() => ({ name: '', value: '', enabled: true })}
          onChange={(queryParams) => update({ queryParams })}
        />
      ),
    },
    {
      key: 'headers',
      label: `${t('debug.headers')} (${form.headers.length})`,
      children: (
        <KvTable
          label={t('debug.headers')}
          rows={form.headers}
          newRow={() => ({ name: '', value: '', enabled: true })}
          onChange={(headers) => update({ headers })}
        />
      ),
    },
    {
      key: 'body',
      label: t('debug.body'),
      children: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            aria-label={t('debug.bodyKind')}
            value={form.bodyKind}
            optionType="button"
            size="small"
            onChange={(e) => update({ bodyKind: e.target.value as BodyKind })}
            options={BODY_KINDS.map((kind) => ({
              value: kind,
              label: t(`debug.body${kind[0]?.toUpperCase()}${kind.slice(1)}` as 'debug.bodyJson'),
            }))}
          />
          {form.bodyKind === 'json' || form.bodyKind === 'xml' || form.bodyKind === 'raw' ? (
            <Input.TextArea
              aria-label={t('debug.body')}
              value={form.bodyText}
              spellCheck={false}
              autoSize={{ minRows: 6, maxRows: 24 }}
              style={{ fontFamily: 'monospace' }}
              onChange={(e) => update({ bodyText: e.target.value })}
            />
          ) : null}
          {form.bodyKind === 'form' || form.bodyKind === 'multipart' ? (
            <KvTable<FormField>
              label={t('debug.body')}
              rows={form.formFields}
              newRow={() => ({ name: '', value: '', enabled: true, file: false })}
              onChange={(formFields) => update({ formFields })}
              renderValue={(row, index, set) => (
                <>
                  {fieldValue(row, index, set)}
                  {form.bodyKind === 'multipart' ? (
                    <span style={{ display: 'inline-flex', alignItems: 'center', padding: '0 8px' }}>
                      <Switch
                        size="small"
                        checked={row.file}
                        aria-label={`${t('debug.isFile')} ${row.name}`}
                        onChange={(file) => set({ file, value: '' })}
                      />
                    </span>
                  ) : null}
                </>
              )}
            />
          ) : null}
        </Space>
      ),
    },
    {
      key: 'scripts',
      label: `${t('debug.scripts')} (${(scripts.data ?? []).filter((s) => s.enabled).length})`,
      children: (
        <ScriptsPanel
          docId={doc.id}
          canWrite={!visitor && perms.canProject(doc.projectId, 'doc.write')}
          visitor={visitor}
        />
      ),
    },
  ];

  return (
    <section aria-label={t('debug.tab')} data-testid="debug-panel">
      <Space wrap style={{ marginBottom: 12 }}>
        {envs.length ? (
          <Select
            aria-label={t('debug.environment')}
            value={form.envId || undefined}
            style={{ minWidth: 160 }}
            onChange={(envId) =>
              update({
                envId,
                useProxy: defaultUseProxy(proxyAvailable, envs.find((e) => e.id === envId)?.baseUrl),
              })
            }
            options={envs.map((e) => ({ value: e.id, label: e.name }))}
          />
        ) : visitor ? (
          <Typography.Text type="secondary">{t('debug.noEnvVisitor')}</Typography.Text>
        ) : (
          <Link to={`/project/doc/${doc.projectId}?moduleId=${doc.moduleId}&tab=environment`}>
            {t('debug.noEnv')}
          </Link>
        )}
        <Tooltip title={proxyAvailable ? t('debug.useProxyHint') : t('debug.proxyUnavailable')}>
          <span>
            <Switch
              checked={form.useProxy}
              disabled={!proxyAvailable}
              onChange={(useProxy) => update({ useProxy })}
              aria-label={t('debug.useProxy')}
            />{' '}
            {t('debug.useProxy')}
          </span>
        </Tooltip>
        {visitor ? null : (
          <Dropdown
            trigger={['click']}
            menu={{
              items: history.length
                ? history.map((entry, index) => ({
                    key: String(index),
                    label: `${entry.method} ${entry.url} · ${formatDateTime(entry.sentAt, i18n.language)}`,
                    onClick: () => setForm({ ...formOfValue(entry), envId: form.envId }),
                  }))
                : [{ key: 'none', label: t('debug.historyEmpty'), disabled: true }],
            }}
          >
            <Button icon={<HistoryOutlined />}>{t('debug.history')}</Button>
          </Dropdown>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => setForm(fresh(form.envId))}>
          {t('debug.reset')}
        </Button>
        <Button
          icon={<CopyOutlined />}
          disabled={!preview}
          onClick={() => preview && void copyText(toCurl(preview))}
        >
          {t('debug.copyCurl')}
        </Button>
      </Space>
      <Space.Compact block style={{ marginBottom: 12 }}>
        <Select
          aria-label={t('debug.method')}
          value={form.method}
          style={{ width: 110 }}
          onChange={(method) => update({ method })}
          options={['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'].map((m) => ({
            value: m,
            label: m,
          }))}
        />
        {env ? (
          // The environment's base URL, shown before the path it is joined with (chosen above, not typed here).
          <span
            title={env.baseUrl}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              padding: '0 11px',
              maxWidth: '45%',
              flexShrink: 0,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              border: `1px solid ${token.colorBorder}`,
              borderRight: 0,
              background: token.colorFillAlter,
              color: token.colorTextSecondary,
            }}
          >
            {env.baseUrl}
          </span>
        ) : null}
        <Input
          aria-label={t('debug.url')}
          data-testid="debug-url"
          value={form.path}
          onChange={(e) => update({ path: e.target.value })}
          onPressEnter={() => void send()}
        />
        {sending ? (
          <Button onClick={() => abort.current?.abort()}>{t('debug.cancel')}</Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} data-testid="debug-send">
            {t('debug.send')}
          </Button>
        )}
      </Space.Compact>
      <Tabs size="small" items={tabs} />
      {failure ? <FailureAlert failure={failure} /> : null}
      {/* Level 3: under the drawer's title (h2), so the headings stay in order (axe heading-order). */}
      <Typography.Title level={3} style={{ marginTop: 16, fontSize: 16 }}>
        {t('debug.response')}
      </Typography.Title>
      {sending ? <Spin /> : null}
      {response && !sending ? (
        <ResponseView response={response} />
      ) : !sending ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('debug.noResponse')} />
      ) : null}
    </section>
  );
}
