import type { ParamRow } from '@quire/api-model';
import type { Environment } from '@quire/shared';
import type { Db } from '../../db/database.ts';
import { type Globals, globalsForDoc } from '../environments/environment-globals.service.ts';

/**
 * The one allow-list of a public answer: what a share or composed project puts around its docs. Every read a
 * visitor makes (the doc answer of `/api/doc/share/view` and `/api/compose/doc/view`, the pages the server
 * prefills, the debug scope of a visitor) takes its environments and globals from here and from nowhere else,
 * so an environment the share does not show never leaks its base URL or its globals (an `Authorization`
 * example, an API key) to anonymous visitors.
 */
export interface PublicFrame {
  /** The environments the share or composed project shows, in the order shown. */
  environments: Environment[];
  /** A composed project's own global params and returns, instead of an application's. */
  globals?: { globalParams: ParamRow[]; globalReturns: ParamRow[] };
}

const NO_GLOBALS: Globals = { globalHeaders: [], globalParams: [], globalReturns: [] };

/**
 * The globals a visitor sees for a doc of `moduleId`: the composed project's own, else those of the first
 * environment of that application the frame shows, else none. Never the application's first environment
 * when the frame shows none of its environments: that is how private globals once reached visitors.
 */
export async function frameGlobals(db: Db, frame: PublicFrame, moduleId: string): Promise<Globals> {
  if (frame.globals) return { globalHeaders: [], ...frame.globals };
  const shown = frame.environments.find((e) => e.moduleId === moduleId);
  if (!shown) return NO_GLOBALS;
  const { environmentId: _shown, ...globals } = await globalsForDoc({ db }, moduleId, shown.id);
  return globals;
}

/** Whether a base URL is one the frame shows (the debug proxy's check for visitors). */
export function frameShowsEnvironment(frame: PublicFrame, environmentId: string): boolean {
  return frame.environments.some((e) => e.id === environmentId);
}
