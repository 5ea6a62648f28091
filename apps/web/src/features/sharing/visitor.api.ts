import {
  composeAdditionalGet,
  composeAdditionalListvisible,
  composeChangelog,
  composeDocMenu,
  composeDocView,
  composeProjectCheckPassword,
  composeProjectGet,
  composeProjectSettingGetall,
  docShareView,
  shareChangelog,
  shareCheckPassword,
  shareGet,
  shareMenu,
  VISITOR_TOKEN_HEADER,
  VisitorSession,
} from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';
import { readJson, writeJson } from '../../lib/storage.ts';
import type { DebugVisitor } from '../debug/debug-visitor.ts';

/** What a visitor page is about: a share (`/share`) or a composed project (`/show`). */
export type VisitorKind = 'share' | 'show';

const StoredSession = VisitorSession;

/** Where a verified password's session is kept, per share or composed project (`torna.share.{id}`). */
function sessionKey(kind: VisitorKind, id: string): string {
  return `torna.${kind}.${id}`;
}

/** The kept session token of a share or composed project, while it is valid. */
export function visitorToken(kind: VisitorKind, id: string): string | undefined {
  const parsed = StoredSession.safeParse(readJson(sessionKey(kind, id)));
  if (!parsed.success || parsed.data.expiresAt <= new Date().toISOString()) return undefined;
  return parsed.data.token;
}

/** Keeps a session as "verified", so reloads and later visits stay in until it expires. */
export function keepVisitorSession(kind: VisitorKind, id: string, session: VisitorSession): void {
  writeJson(sessionKey(kind, id), session);
}

function withToken(kind: VisitorKind, id: string, options: RequestOptions = {}): RequestOptions {
  const token = visitorToken(kind, id);
  // Every visitor call shows its own errors (password form, "not found" page); none toasts.
  return { ...options, silent: true, headers: token ? { [VISITOR_TOKEN_HEADER]: token } : undefined };
}

/**
 * The debug panel's visitor on a share or show page: its calls name the share (`X-Share-Id`) or composed
 * project (`X-Compose-Id`) and carry the visitor session kept for it, read at each call so a session bought
 * after the panel opened counts.
 */
export function visitorDebug(kind: VisitorKind, id: string): DebugVisitor {
  return {
    scope: `${kind}:${id}`,
    headers: () => {
      const token = visitorToken(kind, id);
      return {
        [kind === 'share' ? 'X-Share-Id' : 'X-Compose-Id']: id,
        ...(token ? { [VISITOR_TOKEN_HEADER]: token } : {}),
      };
    },
  };
}

export function getShare(id: string, options?: RequestOptions) {
  return call(shareGet, { id }, withToken('share', id, options));
}

export function getShareMenu(id: string, options?: RequestOptions) {
  return call(shareMenu, { id }, withToken('share', id, options));
}

/** A composed project's changelog: per source project, what changed since its newest release. */
export function getComposeChangelog(id: string, options?: RequestOptions) {
  return call(composeChangelog, { id }, withToken('show', id, options));
}

export function getShareChangelog(id: string, options?: RequestOptions) {
  return call(shareChangelog, { id }, withToken('share', id, options));
}

export function getSharedDoc(shareId: string, docId: string, options?: RequestOptions) {
  return call(docShareView, { docId, shareConfigId: shareId }, withToken('share', shareId, options));
}

export function getShow(id: string, options?: RequestOptions) {
  return call(composeProjectGet, { id }, withToken('show', id, options));
}

export function getShowMenu(id: string, options?: RequestOptions) {
  return call(composeDocMenu, { projectId: id }, withToken('show', id, options));
}

export function getShowSetting(id: string, options?: RequestOptions) {
  return call(composeProjectSettingGetall, { id }, withToken('show', id, options));
}

export function getShowDoc(showId: string, docId: string, options?: RequestOptions) {
  return call(composeDocView, { projectId: showId, docId }, withToken('show', showId, options));
}

export function listShowPages(showId: string, options?: RequestOptions) {
  return call(composeAdditionalListvisible, { projectId: showId }, withToken('show', showId, options));
}

export function getShowPage(showId: string, pageId: string, options?: RequestOptions) {
  return call(composeAdditionalGet, { id: pageId }, withToken('show', showId, options));
}

/** Checks a password (trimmed by the server too) and keeps the session it buys. */
export async function checkVisitorPassword(kind: VisitorKind, id: string, password: string): Promise<void> {
  const contract = kind === 'share' ? shareCheckPassword : composeProjectCheckPassword;
  const session = await call(contract, { id, password: password.trim() }, { silent: true });
  keepVisitorSession(kind, id, session);
}
