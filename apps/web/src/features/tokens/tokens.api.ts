import { type TokenAddRequest, userTokenAdd, userTokenList, userTokenRevoke } from '@quire/shared';
import { call, type RequestOptions } from '../../lib/api-client.ts';

/** The caller's personal access tokens, newest first (never a secret). */
export function listTokens(options?: RequestOptions) {
  return call(userTokenList, undefined, options);
}

/** Creates a token; the answer carries its secret, this once. */
export function addToken(body: TokenAddRequest) {
  return call(userTokenAdd, body, { silent: true });
}

/** Revokes one of the caller's tokens: it stops working at once. */
export function revokeToken(id: string) {
  return call(userTokenRevoke, { id });
}
