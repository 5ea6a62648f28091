import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { type PushSettings, pushSettingsOf } from '../modules/module-settings.service.ts';
import {
  findModuleByTokenHash,
  findOpenUserForSign,
  type TokenModule,
  touchModuleToken,
} from './module-tokens.repository.ts';
import { pushTokenHash } from './module-tokens.service.ts';
import { OpenApiError } from './open-api.errors.ts';
import { fieldText, type OpenRequest } from './open-api.request.ts';
import { SIGN_WINDOW_MS, timestampFresh, timestampOf, verifySign } from './sign.ts';

/** How often a token's last use is written: not on every push. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The application an open-API request may act on. `access_token` alone authenticates, as in Torna (`app_key`,
 * `sign`, `timestamp`, `format` are then ignored); an application that requires signatures also needs the
 * `app_key` of an enabled open user of its space, a `sign` made with that user's secret, and a signed
 * `timestamp` within `SIGN_WINDOW_MS` of the server's clock, so a captured request cannot be replayed later.
 */
export async function authenticateOpenRequest(
  db: Db,
  request: OpenRequest,
  secretKey: string | undefined,
): Promise<{ module: TokenModule; settings: PushSettings }> {
  const token = fieldText(request, 'access_token');
  if (!token) throw new OpenApiError('16', 'tokenMissing');
  const module = token.length <= 512 ? await findModuleByTokenHash(db, pushTokenHash(token)) : undefined;
  if (!module) throw new OpenApiError('14', 'tokenInvalid');
  // Read once here and handed to the method: every later step of the call sees the same settings.
  const settings = pushSettingsOf(module.settings);
  if (settings.requireSign) {
    const appKey = fieldText(request, 'app_key');
    const sign = fieldText(request, 'sign');
    if (!appKey || !sign) throw new OpenApiError('16', 'signMissing');
    const user = await findOpenUserForSign(db, module.spaceId, appKey);
    if (user?.status !== 1) throw new OpenApiError('14', 'appKeyInvalid', [appKey]);
    // Sealed with the server's secret box; null when missing or sealed under another QUIRE_SECRET_KEY.
    const secret = user.signSecret ? (await secretBoxOf(db, secretKey)).open(user.signSecret) : null;
    if (!secret) throw new OpenApiError('14', 'appKeyNoSecret', [appKey]);
    if (!verifySign(request, secret, sign)) throw new OpenApiError('14', 'signInvalid');
    // The timestamp is part of what was signed: checked once the signature proved it was not altered.
    const timestamp = fieldText(request, 'timestamp');
    const at = timestamp ? timestampOf(timestamp) : undefined;
    if (at === undefined) throw new OpenApiError('10', 'timestampMissing');
    if (!timestampFresh(at, Date.now()))
      throw new OpenApiError('7', 'timestampExpired', [timestamp.slice(0, 40), SIGN_WINDOW_MS / 60_000]);
  }
  if (!module.lastUsedAt || Date.now() - Date.parse(module.lastUsedAt) > TOUCH_INTERVAL_MS)
    await touchModuleToken(db, module.id, nowIso());
  return { module, settings };
}
