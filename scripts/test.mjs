// `npm test`: unit and integration tests (Vitest; SQLite always, PostgreSQL too when TEST_DATABASE_URL is
// set, MariaDB/MySQL too when TEST_MARIADB_URL is set), then a production build and the browser suite
// (Playwright on Debian's Chromium). Ends with one `N passed, N failed` line over both runners.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const summaryDir = path.join(root, 'e2e/.results/summary');
rmSync(summaryDir, { recursive: true, force: true });
const env = { ...process.env, QUIRE_SUMMARY_DIR: summaryDir };
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

const statuses = [];
statuses.push(run(bin('vitest'), ['run']));
const built = run('npm', ['run', 'build']);
statuses.push(built);
if (built === 0) statuses.push(run(bin('playwright'), ['test']));

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of ['vitest.json', 'playwright.json']) {
  const full = path.join(summaryDir, file);
  if (!existsSync(full)) {
    failed++; // a runner that did not report is a failure, never a silent pass
    continue;
  }
  const counts = JSON.parse(readFileSync(full, 'utf8'));
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
}
const ok = statuses.every((s) => s === 0) && failed === 0;
console.log(`\nAll suites: ${ok ? 'green' : 'red'} (${skipped} skipped)`);
// The last line is exactly `N passed, N failed`: CI reads it to know that tests ran.
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
