import type { z } from 'zod';

/**
 * Who a call lets in: anyone; anyone, with the caller read when a token comes; a token even of a user who
 * must still set a password; an active user; a super admin. The server's authentication hook applies it.
 */
export type Access = 'public' | 'optional' | 'pending' | 'user' | 'superAdmin';

/** The accesses that answer without an active login: each such call is a reviewed security decision. */
export const OPEN_ACCESS: ReadonlySet<Access> = new Set<Access>(['public', 'optional', 'pending']);

interface CallShape {
  /** Torna's path, with its `/api` prefix. */
  readonly path: `/${string}`;
  /** The schema of the envelope's `data` on success. */
  readonly response: z.ZodType;
  readonly access: Access;
}

/** A GET: its input is the query string. */
export interface GetCall extends CallShape {
  readonly method: 'GET';
  readonly query?: z.ZodType;
  readonly body?: never;
}

/** A POST: its input is the JSON body. */
export interface PostCall extends CallShape {
  readonly method: 'POST';
  readonly body?: z.ZodType;
  readonly query?: never;
}

/**
 * One call of the HTTP API: the server registers its route from it and the web calls through it, so the
 * path, the input schema, the answer's schema and who may call it are written once.
 */
export type CallContract = GetCall | PostCall;

/** Declares a call; `const` keeps the literal method, path and access in the type. */
export function defineCall<const C extends CallContract>(contract: C): C {
  return contract;
}

/** What a caller sends: the query of a GET, the body of a POST (before the schema's defaults apply). */
export type CallInput<C extends CallContract> = C extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : C extends { body: infer B extends z.ZodType }
    ? z.input<B>
    : undefined;

/** The query a handler reads, after validation. */
export type CallQuery<C extends CallContract> = C extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : unknown;

/** The body a handler reads, after validation. */
export type CallBody<C extends CallContract> = C extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : unknown;

/** The `data` of a successful answer. */
export type CallResult<C extends CallContract> = z.output<C['response']>;

/** Whether a value is a call contract (the route-table test collects them from this package's exports). */
export function isCallContract(value: unknown): value is CallContract {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Record<keyof CallContract, unknown>>;
  return (
    (v.method === 'GET' || v.method === 'POST') &&
    typeof v.path === 'string' &&
    typeof v.access === 'string' &&
    typeof v.response === 'object'
  );
}
