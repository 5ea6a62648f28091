// Starts the built server for the browser suite on a fresh SQLite folder, and hands the super-admin password
// it prints once to the tests through a file (the same password a person would read on the console).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.argv[2] ?? '7790';
const results = path.join(root, 'e2e/.results');
// Per port, so two suites on two ports (a developer's and a CI-like run) never delete each other's data.
const dataDir = path.join(results, `data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const passwordFile = path.join(results, `admin-password-${port}.txt`);
rmSync(passwordFile, { force: true });

// The debug spec sends through the proxy to a listener of its own on loopback, which the guard refuses unless
// allowed here (as an administrator would allow an intranet range).
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  QUIRE_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  // The browser suite registers its users from one address within the hour.
  QUIRE_REGISTER_LIMIT: '100000',
  QUIRE_FETCH_ALLOW_HOSTS: process.env.QUIRE_FETCH_ALLOW_HOSTS ?? '127.0.0.1',
};
delete env.QUIRE_ADMIN_PASSWORD;
delete env.DATABASE_URL;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
server.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  process.stdout.write(text);
  const match = /password: (\S+)/.exec(text);
  if (match) writeFileSync(passwordFile, match[1]);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
