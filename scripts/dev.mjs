// `npm run dev`: the server from its TypeScript sources, restarted when they change (tsx watch), and Vite's dev
// server with hot reload, which forwards `/api` to that server (apps/web/vite.config.ts). Open the address Vite
// prints (http://localhost:5173). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const apiPort = process.env.PORT ?? '7700';

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn(bin('vite'), [], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, QUIRE_DEV_API: process.env.QUIRE_DEV_API ?? `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
// One of the two ending (a crash, a port in use) ends the other: a half-running dev setup only confuses.
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
