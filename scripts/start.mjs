// `npm start`: builds what is missing or out of date, then runs the server with plain node.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const shared = [at('packages/shared/src'), at('packages/api-model/src'), at('packages/sandbox/src')];

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  isStale(at('apps/web/dist/index.html'), [
    at('apps/web/src'),
    at('apps/web/index.html'),
    at('apps/web/vite.config.ts'),
    ...shared,
  ])
) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@quire/web']);
}
if (isStale(at('apps/server/dist/main.js'), [at('apps/server/src'), ...shared])) {
  console.log('Building the server…');
  run(['run', 'build', '-w', '@quire/server']);
}

const server = spawn(process.execPath, ['--enable-source-maps', at('apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
