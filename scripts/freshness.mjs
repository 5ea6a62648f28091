// Decides whether a build output is older than the sources it was made from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time (ms) under the given files and folders, skipping node_modules and dist. */
export function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stat = statSync(entry);
    if (stat.isDirectory()) {
      for (const name of readdirSync(entry))
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(entry, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) visit(entry);
  return newest;
}

/** True when `output` is missing or older than any of `sources`. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(sources);
}
