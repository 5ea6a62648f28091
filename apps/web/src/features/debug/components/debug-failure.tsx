import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n.ts';
import type { BuiltRequest } from '../debug-request.ts';
import type { ScriptRequest } from '../script-runner.ts';

/** Why the last send did not produce a response, as the debug panel shows it. */
export type Failure =
  | { kind: 'format'; detail: string }
  | { kind: 'browser' }
  | { kind: 'refused'; message: string }
  | { kind: 'script'; name: string; message: string; line?: number };

export function toScriptRequest(request: BuiltRequest): ScriptRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  return {
    method: request.method,
    url: request.url,
    headers,
    body: request.body.kind === 'text' ? request.body.text : '',
  };
}

export function fromScriptRequest(request: BuiltRequest, changed: ScriptRequest): BuiltRequest {
  return {
    method: changed.method.toUpperCase() || request.method,
    url: changed.url || request.url,
    headers: Object.entries(changed.headers),
    body: request.body.kind === 'text' ? { kind: 'text', text: changed.body } : request.body,
  };
}

/** A script's failure as shown: a timeout in the reader's language, else the engine's message and line. */
export function scriptFailure(
  name: string,
  outcome: { message: string; line?: number; kind: string },
): Failure {
  const message = outcome.kind === 'timeout' ? i18n.t('debug.scriptTimeout') : outcome.message;
  return { kind: 'script', name, message, ...(outcome.line !== undefined ? { line: outcome.line } : {}) };
}

/** The failure of the last send, in an alert below the request. */
export function FailureAlert({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const props = { showIcon: true, style: { marginTop: 12 }, role: 'alert' } as const;
  switch (failure.kind) {
    case 'format':
      return <Alert {...props} type="error" title={t('debug.formatError')} description={failure.detail} />;
    case 'browser':
      return (
        <Alert {...props} type="error" title={t('debug.sendFailed')} description={t('debug.corsHint')} />
      );
    case 'refused':
      return <Alert {...props} type="error" title={t('debug.refused', { 0: failure.message })} />;
    case 'script':
      return (
        <Alert
          {...props}
          type="error"
          title={t('debug.scriptError', { 0: failure.name })}
          description={
            failure.line !== undefined
              ? t('debug.scriptErrorLine', { 0: failure.message, 1: failure.line })
              : failure.message
          }
        />
      );
  }
}
