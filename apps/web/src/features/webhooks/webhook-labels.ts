import type { WebhookEvent, WebhookKind } from '@quire/shared';

/** The i18n key of each kind, event and delivery status (typed, so a missing word fails the build). */
export const KIND_LABEL = {
  dingtalk: 'webhook.kind_dingtalk',
  wecom: 'webhook.kind_wecom',
  feishu: 'webhook.kind_feishu',
  slack: 'webhook.kind_slack',
  generic: 'webhook.kind_generic',
} as const satisfies Record<WebhookKind, string>;

export const EVENT_LABEL = {
  'doc.add': 'webhook.event_doc_add',
  'doc.update': 'webhook.event_doc_update',
  'doc.delete': 'webhook.event_doc_delete',
  'sync.success': 'webhook.event_sync_success',
  'sync.failure': 'webhook.event_sync_failure',
} as const satisfies Record<WebhookEvent, string>;

export const STATUS_LABEL = {
  queued: 'webhook.status_queued',
  running: 'webhook.status_running',
  success: 'webhook.status_success',
  failed: 'webhook.status_failed',
} as const;

/**
 * Template placeholders mapped to themselves: the app's i18next reads `{name}` as its own interpolation, so
 * texts that show placeholders (the hint, the default template) pass these to keep them as written.
 */
export const PLACEHOLDERS = {
  modifyType: '{modifyType}',
  projectName: '{projectName}',
  appName: '{appName}',
  releaseNo: '{releaseNo}',
  docName: '{docName}',
  url: '{url}',
  modifier: '{modifier}',
  modifyTime: '{modifyTime}',
  docViewUrl: '{docViewUrl}',
  remark: '{remark}',
  summary: '{summary}',
} as const;
