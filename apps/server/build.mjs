// Bundles the server (and the workspace packages it imports as TypeScript) into dist/main.js, so production
// runs plain `node` with no TypeScript loader: faster cold start, no tsx in the process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
// Third-party packages stay in node_modules (native addons cannot be bundled); our own are bundled.
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@quire/'));

await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server bundled to apps/server/dist/main.js');
