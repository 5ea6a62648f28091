/**
 * An in-process queue per application: syncs of one application run one after another, syncs of different
 * applications run side by side. On PostgreSQL the row lock (`lockModuleRow`) also serializes syncs across
 * processes; this queue keeps a burst of pushes to one application from holding a pool connection each
 * while they wait for that lock.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs `work` once every earlier task queued under `key` has finished (succeeded or failed). */
export function runQueued<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(key) ?? Promise.resolve();
  const result = previous.then(work, work);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  // The map holds only queues with pending work.
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return result;
}
