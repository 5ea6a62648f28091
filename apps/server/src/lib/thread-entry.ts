/**
 * What `new Worker(...)` needs to start the worker module `<name>.worker` that sits beside the caller (whose
 * `import.meta.url` is `callerUrl`): in the bundled server the `.js` file apps/server/build.mjs writes beside
 * dist/main.js; from source (tsx: tests, `npm run dev`) a small module that registers tsx's loader in the new
 * thread, which does not inherit the parent's loader hooks, then imports the `.ts` file (a `.ts` entry given
 * to `new Worker` directly is refused before an `--import tsx` loader is ready). Used by db/sqlite-writer.ts
 * and modules/doc-sync/sync-thread.ts.
 */
export function threadEntry(callerUrl: string, name: string): [URL, object] | [string, { eval: true }] {
  if (!callerUrl.endsWith('.ts')) return [new URL(`./${name}.worker.js`, callerUrl), {}];
  const entry = new URL(`./${name}.worker.ts`, callerUrl).href;
  const code = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return [code, { eval: true }];
}
