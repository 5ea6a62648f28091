import { createHmac } from 'node:crypto';
import type { ChangeLevel } from '@quire/api-model';
import type { WebhookEvent, WebhookKind } from '@quire/shared';

/** A doc as a webhook message describes it. */
export interface HookDoc {
  id: string;
  name: string;
  /** add | update | delete | lock | unlock */
  change: string;
  httpMethod: string;
  url: string;
  /** The summary of the differences in the hook's language ('' when none). */
  summary: string;
  viewUrl: string;
  /** The level of the change (docs/releases.md), when known. */
  level?: ChangeLevel;
  /** Its breaking changes (`rule place path`). */
  breaking?: string[];
}

/** What one delivery says, before it is shaped for the hook's kind. */
export interface HookMessage {
  event: WebhookEvent;
  /** The words a chat shows: the template filled in, or the outcome of a sync. */
  text: string;
  project: { id: string; name: string };
  application: { id: string; name: string };
  modifier: string;
  remark: string;
  time: string;
  docs: HookDoc[];
  /** How many of the docs' changes are at each level (doc messages). */
  levels?: Record<ChangeLevel, number>;
  /** A push's or an import's counts. */
  counts?: { added: number; updated: number; deleted: number; unchanged: number };
}

/**
 * Fills `{name}` placeholders (Torna's: `{modifyType}`, `{docName}`, `{modifier}`, `{docViewUrl}` ...); an
 * unknown placeholder stays as written, so a typo shows in the chat instead of vanishing.
 */
export function renderTemplate(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(/\{([@\w]+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? '') : whole,
  );
}

/** `yyyy-MM-dd HH:mm:ss` in UTC (Torna's `{modifyTime}` format). */
export function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * The JSON body of a delivery for the hook's kind. Robots get text in their own message format; the generic
 * hook gets the whole change as data plus the text.
 */
export function bodyFor(kind: WebhookKind, deliveryId: string, message: HookMessage): string {
  switch (kind) {
    case 'dingtalk':
    case 'wecom':
      return JSON.stringify({ msgtype: 'text', text: { content: message.text } });
    case 'feishu':
      return JSON.stringify({ msg_type: 'text', content: { text: message.text } });
    case 'slack':
      return JSON.stringify({ text: message.text });
    default:
      return JSON.stringify({ id: deliveryId, ...message });
  }
}

/** `sha256=<hex>` of HMAC-SHA256 over the raw body with the hook's secret (`X-Quire-Signature`). */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A DingTalk robot URL with its signature (`timestamp` ms, `sign` = base64 HMAC-SHA256 of "ts\nsecret"). */
export function dingtalkSignedUrl(url: string, secret: string, nowMs: number): string {
  const sign = createHmac('sha256', secret).update(`${nowMs}\n${secret}`).digest('base64');
  const signed = new URL(url);
  signed.searchParams.set('timestamp', String(nowMs));
  signed.searchParams.set('sign', sign);
  return signed.toString();
}

/** A Feishu robot body with its signature (key "ts\nsecret" over an empty message, ts in seconds). */
export function feishuSignedBody(body: string, secret: string, nowSeconds: number): string {
  const sign = createHmac('sha256', `${nowSeconds}\n${secret}`).update('').digest('base64');
  return JSON.stringify({ timestamp: String(nowSeconds), sign, ...JSON.parse(body) });
}

/**
 * Whether a robot accepted the message: chat robots answer 200 with an error code in the body (DingTalk and
 * WeCom `errcode`, Feishu `code`/`StatusCode`); anything but 0 is a failure.
 */
export function robotAccepted(kind: WebhookKind, text: string): boolean {
  if (kind === 'generic' || kind === 'slack') return true;
  try {
    const answer = JSON.parse(text) as Record<string, unknown>;
    const code = answer.errcode ?? answer.code ?? answer.StatusCode ?? 0;
    return Number(code) === 0;
  } catch {
    return true; // a robot that answers 2xx without JSON took the message
  }
}

/** The scheme, host and path of a URL: what lists show (a robot's token lives in the query). */
export function urlHintOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search ? '?…' : ''}`;
  } catch {
    return '';
  }
}
