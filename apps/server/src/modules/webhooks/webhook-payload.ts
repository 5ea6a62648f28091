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

const ZWSP = '\u200b';

/**
 * A text from a doc, a person or a push (doc names, remarks, reasons) made inert for the hook's kind, so it
 * shows as written and never pings or links:
 * - Slack reads `<!channel>`, `<@U…>` and `<https://evil|shown text>` as control sequences: `&`, `<`, `>`
 *   become `&amp;`, `&lt;`, `&gt;` (Slack's own escaping, shown as the characters).
 * - Feishu (`<at user_id="all">`), DingTalk and WeCom (`@all`, `@所有人`, `<@userid>`, Markdown links and
 *   autolinks) have no escape in text messages: a zero-width space after `<` and `@` and inside `](` breaks
 *   the mention and the link while the text looks the same.
 * - A generic hook gets data, answered as JSON: unchanged.
 */
export function escapeForKind(kind: WebhookKind, text: string): string {
  switch (kind) {
    case 'slack':
      return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    case 'feishu':
    case 'dingtalk':
    case 'wecom':
      return text
        .replace(/[<@＠]/g, (c) => `${c}${ZWSP}`)
        .replace(/\]\(/g, `]${ZWSP}(`)
        .replace(/\]\[/g, `]${ZWSP}[`);
    default:
      return text;
  }
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

/**
 * Whether a path segment may be a secret: Slack (`/services/T…/B…/<token>`) and Feishu
 * (`/open-apis/bot/v2/hook/<uuid>`) carry the robot's credential in the path, as do many generic hooks.
 * Long segments, and shorter ones mixing letters and digits (Slack's ids), are masked.
 */
function secretLike(segment: string): boolean {
  if (segment.length >= 16) return true;
  return segment.length >= 8 && /[a-z]/i.test(segment) && /\d/.test(segment);
}

/**
 * What lists and the edit form show of a hook's URL: scheme, host and path with the query (DingTalk's and
 * WeCom's token) and every secret-like path segment (Slack's and Feishu's) replaced by `…`. Safe to apply
 * to a hint again, so hints stored before the path was masked are masked when shown.
 */
export function urlHintOf(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname
      .split('/')
      .map((segment) => (secretLike(segment) ? '…' : segment))
      .join('/');
    const masked = parsed.username || parsed.password ? '…@' : '';
    return `${parsed.protocol}//${masked}${parsed.host}${path}${parsed.search ? '?…' : ''}`;
  } catch {
    return '';
  }
}
