// Bundles the server, the workspace packages it imports as TypeScript and its pure-JS dependencies into
// dist/main.js, so production runs plain `node` with no TypeScript loader, and start-up reads one file instead
// of resolving and parsing a thousand small modules (that was two thirds of the cold start).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
// Native addons cannot be bundled; pg-native is an optional peer of pg that we never use. QuickJS finds its
// WebAssembly file beside its own module, and Mock.js's source is read from its package, so both stay external;
// piscina starts its own worker file from its package folder, so it stays in node_modules too.
const external = [
  'better-sqlite3',
  '@node-rs/argon2',
  'pg-native',
  'quickjs-emscripten',
  '@jitl/*',
  'mockjs',
  'piscina',
];

await build({
  // main.js is the server; cli.js the database commands of bin/quire.mjs (migrate, backup, restore); worker
  // entry points are bundled beside them under the name modules/jobs/worker-pool.ts expects (`<name>.worker.js`).
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    cli: path.join(here, 'src/cli.ts'),
    'convert.worker': path.join(here, 'src/modules/imports/convert.worker.ts'),
    'export.worker': path.join(here, 'src/modules/export/export.worker.ts'),
    // db/sqlite-writer.ts starts it beside the bundle that imports it.
    'sqlite-writer.worker': path.join(here, 'src/db/sqlite-writer.worker.ts'),
    // db/sqlite-checkpointer.ts starts it the same way.
    'sqlite-checkpointer.worker': path.join(here, 'src/db/sqlite-checkpointer.worker.ts'),
    // modules/doc-sync/sync-thread.ts runs pushes' transactions on it (PostgreSQL, MySQL).
    'sync.worker': path.join(here, 'src/modules/doc-sync/sync.worker.ts'),
  },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // React (the HTML export renders the reader on the server) and other libraries drop their development checks.
  define: { 'process.env.NODE_ENV': '"production"' },
  // Bundled CommonJS packages call require() for Node built-ins; give the ES module a real require.
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
});
// The mock sandbox's worker thread: its own entry, found by the pool beside main.js.
await build({
  entryPoints: [path.join(here, '../../packages/sandbox/src/node/worker.ts')],
  outfile: path.join(here, 'dist/sandbox-worker.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // React (the HTML export renders the reader on the server) and other libraries drop their development checks.
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __quireCreateRequire } from 'node:module'; const require = __quireCreateRequire(import.meta.url);",
  },
});
// HTML exports inline the reader's stylesheet; the bundle reads it beside itself (modules/export/export-render.ts).
copyFileSync(path.join(here, '../../packages/reader/src/reader.css'), path.join(here, 'dist/reader.css'));
console.log(
  'server bundled to apps/server/dist: main.js, cli.js, convert.worker.js, export.worker.js, sqlite-writer.worker.js, sqlite-checkpointer.worker.js, sync.worker.js, sandbox-worker.js and reader.css',
);
