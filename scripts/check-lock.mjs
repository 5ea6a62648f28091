// Fails fast when the lockfile names an optional platform package it does not contain; `npm ci` would
// otherwise stop with "Missing: X from lock file" (seen with Biome and oxlint builds missing from the registry).
import { readFileSync } from 'node:fs';

const packages = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
const missing = [];
for (const [key, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    let dir = key;
    let found = false;
    for (;;) {
      if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) {
        found = true;
        break;
      }
      if (!dir) break;
      const cut = dir.lastIndexOf('/node_modules/');
      dir = cut < 0 ? '' : dir.slice(0, cut);
    }
    if (!found) missing.push(`${key || '(root)'} -> ${name}`);
  }
}
if (missing.length) {
  console.error(`package-lock.json is missing optional dependencies:\n${missing.join('\n')}`);
  process.exit(1);
}
console.log('lock ok');
