import type { Comparison } from '@quire/shared';

/**
 * What changed in a project since a release, kept per (project, release) under the version of what it was
 * computed from (`projectContentVersion` in releases.repository.ts, the release's own last change): the
 * changelog page, a share's changelog and feed, a composed project's changelog and the MCP tool read the
 * same changes again and again between two writes, and computing them reads and parses every frozen and
 * live doc of the project (docs/releases.md, "Figures"). A version read from the database at each call keeps
 * every instance right: a write on another instance changes the version, so nothing stale is served.
 * The answers are shared: callers narrow them into new objects and never change them.
 */

/** (Project, release) pairs whose changes one instance keeps; a comparison of 1,200 operations is a few MB. */
const LIMIT = 16;

const kept = new Map<string, { version: string; changes: Comparison }>();
/** Changes being computed, so many readers after a write wait for one computation. */
const building = new Map<string, Promise<Comparison>>();

export async function keptChanges(
  key: string,
  version: string,
  compute: () => Promise<Comparison>,
): Promise<Comparison> {
  const entry = kept.get(key);
  if (entry?.version === version) {
    kept.delete(key); // re-insert: Map order is the least recently used first
    kept.set(key, entry);
    return entry.changes;
  }
  const pending = `${key}\n${version}`;
  const running = building.get(pending);
  if (running) return running;
  const promise = compute().then((changes) => {
    kept.delete(key);
    kept.set(key, { version, changes });
    for (const oldest of kept.keys()) {
      if (kept.size <= LIMIT) break;
      kept.delete(oldest);
    }
    return changes;
  });
  building.set(pending, promise);
  try {
    return await promise;
  } finally {
    building.delete(pending);
  }
}
