import { tornaLink } from '@quire/shared';
import { call } from './api-client.ts';

/** Torna's hash routes that name a doc, a share or a composed project: `#/view/<hashid>`, `#/share/<a>/<b>`. */
const TORNA_HASH = /^#\/(view|share|show)\/([A-Za-z0-9]{1,64})(?:\/([A-Za-z0-9]{1,64}))?\/?$/;

/** The parts of an old Torna link's hash, or undefined when the hash is not one. */
export function parseTornaHash(
  hash: string,
): { route: 'view' | 'share' | 'show'; id: string; docId?: string } | undefined {
  const match = TORNA_HASH.exec(hash);
  if (!match?.[1] || !match[2]) return undefined;
  const route = match[1] as 'view' | 'share' | 'show';
  return match[3] ? { route, id: match[2], docId: match[3] } : { route, id: match[2] };
}

/**
 * Old Torna links land where they should (docs/torna-import.md): Torna's single-page app used hash routes,
 * which never reach the server, so on load the app asks the server where a Torna hash leads now and replaces
 * the address before the router reads it. Any other hash is left alone; a failed lookup just opens the app.
 */
export async function landTornaLink(): Promise<void> {
  const parts = parseTornaHash(window.location.hash);
  if (!parts) return;
  try {
    const { path } = await call(tornaLink, parts, { silent: true });
    if (path) window.history.replaceState(null, '', path);
  } catch {
    // The app opens as it would without the link.
  }
}
