// `npm run bench`: runs every benchmark in bench/ (each prints its figures and ratios against a baseline
// measured in the same run). Benchmarks only talk to loopback.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
const files = readdirSync(path.join(root, 'bench')).filter(
  (f) => f.endsWith('.bench.ts') && (!only || f.includes(only)),
);
let status = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) status = 1;
}
process.exit(status);
