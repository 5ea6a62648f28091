import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { PushSettings } from '../modules/module-settings.service.ts';
import type { TokenModule } from './module-tokens.repository.ts';
import { OpenApiError } from './open-api.errors.ts';

/** The actor id open-API writes record: the pusher's name is the doc author, the token is no user. */
export const OPEN_API_ACTOR = 'open-api';

/** What an open-API method receives: the database and the application the token opened. */
export interface OpenContext {
  db: Db;
  module: TokenModule;
  /** The application's push settings, read once when the token was checked. */
  settings: PushSettings;
  log: FastifyBaseLogger;
}

/** An open-API method: reads its `data` and answers the reply's `data`. */
export type OpenMethod = (ctx: OpenContext, data: unknown) => Promise<unknown>;

/** The object `data` of a method, or code 2. */
export function objectData(data: unknown): Record<string, unknown> {
  if (typeof data === 'object' && data !== null && !Array.isArray(data))
    return data as Record<string, unknown>;
  throw new OpenApiError('2', 'dataNotJson');
}
