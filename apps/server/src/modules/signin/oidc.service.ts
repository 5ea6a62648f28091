import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { parseAllowRule } from '../../lib/address-policy.ts';
import { isoFromNow, nowIso } from '../../lib/clock.ts';
import { guardedFetchResponse } from '../../lib/guarded-fetch.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { insertOidcState, takeOidcState } from './identities.repository.ts';
import { accountOfIdentity, createLoginKey } from './identities.service.ts';
import { type OidcConfig, oidcUsable, readOidcConfig } from './signin-settings.service.ts';

/** Where the provider sends the browser back; the redirect URI to register at the provider. */
export const OIDC_CALLBACK_PATH = '/api/system/oauth/custom/callback';
/** Where the login button points. */
export const OIDC_LOGIN_PATH = '/api/system/oauth/login/custom';
/** A login must come back from the provider within this time. */
export const STATE_TTL_MS = 10 * 60_000;

const DISCOVERY_TTL_MS = 10 * 60_000;
let discovered: { key: string; at: number; config: Promise<oidc.Configuration> } | undefined;

/**
 * http is accepted for a provider on this machine or on a host the admin allowed for outbound fetches
 * (QUIRE_FETCH_ALLOW_HOSTS); anywhere else the client secret and tokens would cross the network in clear.
 */
function insecureAllowed(issuer: URL, env: Env): boolean {
  const host = issuer.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1' || host.startsWith('127.')) return true;
  const rule = parseAllowRule(env.QUIRE_FETCH_ALLOW_HOSTS);
  if (isIP(host)) return rule.addresses.check(host, isIP(host) === 4 ? 'ipv4' : 'ipv6');
  return rule.hosts.has(host);
}

/** openid-client sends forms as URLSearchParams; the guarded fetch takes text or bytes. */
function bodyOf(body: oidc.CustomFetchOptions['body']): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new Error('unsupported request body');
}

/** The provider's configuration, read by discovery through the guarded fetch and kept ten minutes. */
async function providerOf(config: OidcConfig, env: Env): Promise<oidc.Configuration> {
  const key = JSON.stringify([config.issuer, config.clientId, config.clientSecret]);
  if (discovered && discovered.key === key && Date.now() - discovered.at < DISCOVERY_TTL_MS)
    return discovered.config;
  let issuer: URL;
  try {
    issuer = new URL(config.issuer);
  } catch {
    throw new AppError('oidc.unavailable', { args: [config.issuer] });
  }
  const insecure = issuer.protocol === 'http:';
  if (insecure && !insecureAllowed(issuer, env)) throw new AppError('oidc.issuer_insecure');
  // The issuer's own host is allowed even when private: a super admin or the environment named it, unlike
  // the URLs any user may give an import. Other private hosts still need QUIRE_FETCH_ALLOW_HOSTS, and cloud
  // metadata addresses stay refused (lib/address-policy.ts).
  const rule = parseAllowRule(
    [env.QUIRE_FETCH_ALLOW_HOSTS, issuer.hostname.replace(/^\[|\]$/g, '')].join(','),
  );
  const fetcher: oidc.CustomFetch = (url, options) =>
    guardedFetchResponse(
      url,
      {
        method: options.method,
        headers: options.headers,
        body: bodyOf(options.body),
      },
      { rule, timeoutMs: env.QUIRE_FETCH_TIMEOUT_MS, maxBytes: 1024 * 1024 },
    );
  const pending = oidc
    .discovery(issuer, config.clientId, undefined, oidc.ClientSecretPost(config.clientSecret), {
      [oidc.customFetch]: fetcher,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    })
    .catch((error: unknown) => {
      discovered = undefined;
      throw new AppError('oidc.unavailable', { args: [config.issuer], cause: error });
    });
  discovered = { key, at: Date.now(), config: pending };
  return pending;
}

/** A local path to land on after login, or '' (never another site). */
export function safeLocalPath(raw: string | undefined): string {
  if (!raw || raw.length > 2048 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\'))
    return '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  return /[\u0000-\u001f\u007f]/.test(raw) ? '' : raw;
}

/**
 * Starts a login: a random state (also set as a cookie of this browser), nonce and PKCE verifier are stored,
 * and the provider's authorization URL is answered, with a random binding the browser keeps as a cookie
 * until it redeems the login key (the key only works together with it).
 */
export async function startOidcLogin(
  db: Db,
  env: Env,
  baseUrl: string,
  redirect: string,
): Promise<{ url: string; state: string; bind: string }> {
  const config = await readOidcConfig(db, env);
  if (!oidcUsable(config)) throw new AppError('auth.source_disabled');
  const provider = await providerOf(config, env);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await insertOidcState(db, {
    stateHash: sha256(state),
    nonce,
    codeVerifier,
    redirect: safeLocalPath(redirect),
    expiresAt: isoFromNow(STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: `${baseUrl}${OIDC_CALLBACK_PATH}`,
    scope: config.scopes,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, state, bind: newSecret() };
}

function claimText(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Finishes a login: the state must be the one this browser holds and still stored (it is used up here), and
 * the browser must hold the binding set with it, which the login key is tied to; the
 * code is exchanged with the PKCE verifier and the ID token checked (issuer, audience, nonce, signature) by
 * openid-client. The account is the one linked to the token's issuer and subject, created on first login.
 * Answers a single-use login key and where to land.
 */
export async function finishOidcLogin(
  db: Db,
  env: Env,
  baseUrl: string,
  query: Record<string, string>,
  cookies: { state: string | undefined; bind: string | undefined },
): Promise<{ loginKey: string; redirect: string }> {
  const state = query.state ?? '';
  if (!state || !cookies.state || state !== cookies.state || !cookies.bind)
    throw new AppError('oidc.state_invalid');
  const pending = await takeOidcState(db, sha256(state));
  if (!pending || pending.expiresAt < nowIso()) throw new AppError('oidc.state_invalid');
  const config = await readOidcConfig(db, env);
  if (!oidcUsable(config)) throw new AppError('auth.source_disabled');
  const provider = await providerOf(config, env);
  const callback = new URL(`${baseUrl}${OIDC_CALLBACK_PATH}`);
  for (const [name, value] of Object.entries(query)) callback.searchParams.set(name, value);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, callback, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = { ...(tokens.claims() ?? {}) } as Record<string, unknown>;
    // Many providers put profile claims in the userinfo answer only (OIDC core 5.4 for the code flow).
    const hasProfile = ['preferred_username', 'name', 'email'].some(
      (name) => typeof claims[name] === 'string',
    );
    if (!hasProfile && provider.serverMetadata().userinfo_endpoint && typeof claims.sub === 'string') {
      const info = await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub);
      // Identity claims stay the ID token's: the userinfo answer adds profile fields only.
      claims = { ...info, iss: claims.iss, sub: claims.sub };
    }
  } catch (error) {
    throw new AppError('oidc.callback_failed', {
      args: [error instanceof Error ? error.message.slice(0, 200) : 'error'],
      cause: error,
    });
  }
  const issuer = claimText(claims, 'iss');
  const subject = claimText(claims, 'sub');
  if (!issuer || !subject) throw new AppError('oidc.callback_failed', { args: ['iss/sub'] });
  const username =
    claimText(claims, 'preferred_username') || claimText(claims, 'email').split('@')[0] || `oidc-${subject}`;
  const user = await accountOfIdentity(db, {
    provider: 'oidc',
    issuer,
    subject,
    username,
    nickname: claimText(claims, 'name') || username,
    email: claimText(claims, 'email'),
    source: 'oauth',
  });
  if (user.status === 0) throw new AppError('auth.account_disabled');
  return { loginKey: await createLoginKey(db, user.id, cookies.bind), redirect: pending.redirect };
}
