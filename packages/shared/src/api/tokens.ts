import { z } from 'zod';
import { Empty } from '../envelope.ts';
import { requiredText, V, withLimit } from '../validation.ts';
import { defineCall } from './contract.ts';
import { EntityId, IdRequest } from './spaces.ts';

/**
 * Personal access tokens: a user's own credential for scripts and MCP clients (`POST /mcp`). Every call here
 * needs a login session; a personal token is refused on them (it never manages tokens).
 */

/** What every personal token starts with, so a leaked one is recognisable (and secret scanners can match it). */
export const PERSONAL_TOKEN_PREFIX = 'qpat_';

export const TokenLimits = {
  nameMax: 64,
  /** Tokens a user may hold at once (revoked and expired ones excluded). */
  perUser: 50,
  projectsMax: 100,
  /** The longest expiry, in days; no expiry at all is allowed too. */
  expiryDaysMax: 3650,
} as const;

/** Body of `POST /api/user/token/add`. */
export const TokenAddRequest = z.object({
  name: requiredText(TokenLimits.nameMax),
  /** Days until it stops working; null or absent: never expires. */
  expiresInDays: z
    .number({ error: V.invalid })
    .int({ error: V.invalid })
    .min(1, { error: withLimit(V.min, 1) })
    .max(TokenLimits.expiryDaysMax, { error: withLimit(V.max, TokenLimits.expiryDaysMax) })
    .nullish(),
  /** `read`: every write call is refused; `write`: the owner's own rights. */
  scope: z.enum(['read', 'write'], { error: V.invalid }),
  /** Limits the token to these projects; empty or absent: every project its owner may read. */
  projectIds: z
    .array(EntityId)
    .max(TokenLimits.projectsMax, { error: withLimit(V.max, TokenLimits.projectsMax) })
    .optional(),
});
export type TokenAddRequest = z.input<typeof TokenAddRequest>;

/** A token as its owner sees it in the list: never the secret. */
export const PersonalToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to recognise it. */
  prefix: z.string(),
  scope: z.enum(['read', 'write']),
  /** The projects it is limited to (id and name; a deleted project drops out), or null for all. */
  projects: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  gmtCreate: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** `active`, `expired` or `revoked`, decided by the server's clock. */
  status: z.enum(['active', 'expired', 'revoked']),
});
export type PersonalToken = z.infer<typeof PersonalToken>;

/** The answer of `POST /api/user/token/add`: the token with its secret, shown this once. */
export const PersonalTokenCreated = PersonalToken.extend({ token: z.string() });
export type PersonalTokenCreated = z.infer<typeof PersonalTokenCreated>;

export const userTokenAdd = defineCall({
  method: 'POST',
  path: '/api/user/token/add',
  body: TokenAddRequest,
  response: PersonalTokenCreated,
  access: 'user',
});

export const userTokenList = defineCall({
  method: 'GET',
  path: '/api/user/token/list',
  response: z.array(PersonalToken),
  access: 'user',
});

export const userTokenRevoke = defineCall({
  method: 'POST',
  path: '/api/user/token/revoke',
  body: IdRequest,
  response: Empty,
  access: 'user',
});

/** What stands for the secret in a connection snippet shown before a token exists. */
export const TOKEN_PLACEHOLDER = '<token>';

/**
 * The JSON most MCP clients (Claude Code, Cursor, Windsurf and others) read to connect to a Streamable HTTP
 * server: the account page shows it and `quire mcp-config` prints the same (apps/server/bin/mcp-config.mjs).
 */
export function mcpConfigSnippet(serverUrl: string, token: string = TOKEN_PLACEHOLDER): string {
  const url = `${serverUrl.replace(/\/+$/, '')}/mcp`;
  const config = {
    mcpServers: { quire: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } } },
  };
  return JSON.stringify(config, null, 2);
}
