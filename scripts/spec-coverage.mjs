// `node scripts/spec-coverage.mjs`: recounts the summary of docs/spec-coverage.md from its rows, so the
// counts at the top can never disagree with the table below them. `--check` only reports a difference.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/spec-coverage.md');
const text = readFileSync(file, 'utf8');
const sections = [];
let current;
for (const line of text.split('\n')) {
  const heading = /^## (.+)$/.exec(line);
  if (heading) {
    current =
      heading[1] === 'Beyond the spec' ? undefined : { name: heading[1], done: 0, partial: 0, open: 0 };
    if (current) sections.push(current);
    continue;
  }
  // A requirement row: | # | Spec | Status | Where | Proved by |
  const row = /^\|\s*\d+\s*\|.*?\|\s*(done|partial|open)\s*\|/.exec(line);
  if (row && current) current[row[1]]++;
}
const sum = (key) => sections.reduce((total, s) => total + s[key], 0);
const total = sum('done') + sum('partial') + sum('open');
const summary = `**Summary: ${total} requirements: ${sum('done')} done, ${sum('partial')} partial, ${sum('open')} open.**`;
const table = [
  '| Section | done | partial | open |',
  '|---|---|---|---|',
  ...sections.map((s) => `| ${s.name} | ${s.done} | ${s.partial} | ${s.open} |`),
].join('\n');
const updated = text
  .replace(/^\*\*Summary: .*\*\*$/m, summary)
  .replace(/^\| Section \| done \| partial \| open \|\n\|---\|---\|---\|---\|\n(?:\|.*\|\n)*/m, `${table}\n`);
if (process.argv.includes('--check')) {
  if (updated !== text) {
    console.error(
      'docs/spec-coverage.md: the summary does not match the rows; run node scripts/spec-coverage.mjs',
    );
    process.exit(1);
  }
} else {
  writeFileSync(file, updated);
}
console.log(summary.replaceAll('*', ''));
