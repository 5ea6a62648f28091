import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n.ts';

/** Why the last send did not produce a response, as the debug panel shows it. */
export type Failure =
  | { kind: 'format'; detail: string }
  | { kind: 'browser' }
  | { kind: 'refused'; message: string }
  | { kind: 'script'; name: string; message: string; line?: number }
  | { kind: 'scriptOrigin'; name: string; expected: string; got: string };

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
    case 'scriptOrigin':
      return (
        <Alert
          {...props}
          type="error"
          title={t('debug.scriptError', { 0: failure.name })}
          description={t('debug.scriptOrigin', { 0: failure.got, 1: failure.expected })}
        />
      );
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
