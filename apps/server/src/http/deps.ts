import type { Env } from '../config/env.ts';
import type { Db } from '../db/database.ts';

/** What feature modules receive when they register their routes. */
export interface AppDeps {
  db: Db;
  env: Env;
}
