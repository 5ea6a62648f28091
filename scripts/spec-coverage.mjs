// `node scripts/spec-coverage.mjs`: recounts the summary of docs/spec-coverage.md from its rows, so the
// counts at the top can never disagree with the table below them. `--check` only reports a difference, and
// also fails on a row that cites a file that does not exist or a test name its file does not hold, so the page
// cannot claim a proof that is not there.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'docs/spec-coverage.md');
const text = readFileSync(file, 'utf8');
const STATUSES = ['done', 'decision', 'partial', 'open'];
const sections = [];
const rows = [];
let current;
let inBeyond = false;
for (const line of text.split('\n')) {
  const heading = /^## (.+)$/.exec(line);
  if (heading) {
    inBeyond = heading[1] === 'Beyond the spec';
    current = inBeyond ? undefined : { name: heading[1], done: 0, decision: 0, partial: 0, open: 0 };
    if (current) sections.push(current);
    continue;
  }
  // A requirement row: | # | Spec | Status | Where | Proved by |
  const row = /^\|\s*\d+\s*\|.*?\|\s*(done|decision|partial|open)\s*\|/.exec(line);
  if (row && current) current[row[1]]++;
  if (/^\|\s*\d+\s*\|/.test(line)) rows.push({ line, where: 3, proof: 4 });
  else if (inBeyond && /^\| [^-]/.test(line) && !line.startsWith('| Requirement |'))
    rows.push({ line, where: 1, proof: 2 });
}
const sum = (key) => sections.reduce((total, s) => total + s[key], 0);
const total = STATUSES.reduce((n, key) => n + sum(key), 0);
const summary = `**Summary: ${total} requirements: ${sum('done')} done, ${sum('decision')} decision, ${sum('partial')} partial, ${sum('open')} open.**`;
const table = [
  '| Section | done | decision | partial | open |',
  '|---|---|---|---|---|',
  ...sections.map((s) => `| ${s.name} | ${s.done} | ${s.decision} | ${s.partial} | ${s.open} |`),
].join('\n');
const updated = text
  .replace(/^\*\*Summary: .*\*\*$/m, summary)
  .replace(/^\| Section \| done \|.*\n\|[-|]+\|\n(?:\|.*\|\n)*/m, `${table}\n`);

/** Paths a row cites: backticked, relative to the root, with a known extension or a trailing slash. */
function citedPaths(cell) {
  return [...cell.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter(
      (p) => /^(apps|packages|docs|e2e|bench|scripts)\//.test(p) && !p.includes('*') && !p.includes('{'),
    );
}

/**
 * The `file › name` proofs of a cell: the name runs to the next `;` (or the end); a name may give its describe
 * blocks as `describe / test`, and `$persona`-style parts stand for parameters, so each part is looked for in
 * the file with parameters as wildcards.
 */
function citedTests(cell) {
  const out = [];
  const re = /`([^`]+\.(?:ts|tsx|mjs))`\s*›\s*([^`]+?)(?=;\s*`|;?\s*$|`)/g;
  for (const m of cell.matchAll(re))
    out.push({ file: m[1], name: m[2].trim().replace(/\s*\([^)]*\)\s*$/, '') });
  return out;
}

/** The string literals of a source file: where its test and describe titles are. */
function literalsOf(source) {
  const out = [];
  for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g))
    out.push((m[1] ?? m[2] ?? m[3]).replace(/\\(['"`\\])/g, '$1'));
  return out;
}

/** A title as a pattern: its parameters (`%s`, `$persona`, `${x}`) stand for any text. */
function patternOf(title) {
  const parts = title.split(/%[sdijo#]|\$\{[^}]*\}|\$\w+(?:\.\w+)*/);
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*?')}$`);
}

/** What a cited name may carry besides the title: a comment in parentheses, a trailing "and". */
function candidatesOf(name) {
  const cuts = [name];
  for (const mark of [' (', '. ', ')', '; '])
    if (name.includes(mark)) cuts.push(name.slice(0, name.indexOf(mark)));
  return cuts
    .map((c) =>
      c
        .replace(/[\s,;:.]+$/, '')
        .replace(/[\s,]+(and|or)$/, '')
        .replace(/[\s,;:.]+$/, ''),
    )
    .filter(Boolean);
}

function holdsName(source, name) {
  const literals = literalsOf(source);
  const found = (text) => literals.some((l) => l.includes(text) || (l.length > 3 && patternOf(l).test(text)));
  return candidatesOf(name).some(
    (candidate) =>
      found(candidate) ||
      candidate
        .split(' / ')
        .map((part) => part.trim())
        .every((part) => part.length > 0 && found(part)),
  );
}

if (process.argv.includes('--check')) {
  const problems = [];
  if (updated !== text)
    problems.push('the summary does not match the rows; run node scripts/spec-coverage.mjs');
  for (const { line, where, proof } of rows) {
    const cells = line.split('|').slice(1, -1);
    const number = where === 3 ? cells[0]?.trim() : `"${cells[0]?.trim().slice(0, 50)}"`;
    for (const cited of citedPaths(cells.slice(where).join('|'))) {
      if (!existsSync(path.join(root, cited.replace(/:.*$/, ''))))
        problems.push(`row ${number}: ${cited} does not exist`);
    }
    for (const { file: testFile, name } of citedTests(cells[proof] ?? '')) {
      const full = path.join(root, testFile);
      if (!existsSync(full)) continue; // reported above
      if (!holdsName(readFileSync(full, 'utf8'), name))
        problems.push(`row ${number}: ${testFile} has no test named "${name}"`);
    }
  }
  if (problems.length > 0) {
    console.error(`docs/spec-coverage.md:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
} else {
  writeFileSync(file, updated);
}
console.log(summary.replaceAll('*', ''));
