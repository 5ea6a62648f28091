#!/usr/bin/env node
// The `quire` command line. `quire push` sends an OpenAPI/Swagger description (or a Torna doc.push JSON) to an
// application of a Quire server through the open API (`POST /api`), for CI pipelines: it prints the counts
// and exits non-zero when the push fails. `quire export` downloads the application's docs in a format
// (export-command.mjs). `quire mcp-config` prints the JSON an MCP client needs (mcp-config.mjs). Plain Node.js (>= 20), no dependencies, so it runs from a checkout
// or an installed package without a build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EXPORT_USAGE, exportCommand } from './export-command.mjs';
import { MCP_CONFIG_USAGE, mcpConfigCommand } from './mcp-config.mjs';
import { CrossOriginRedirectError, fetchSameOrigin } from './same-origin-fetch.mjs';

const USAGE = `Usage:
  quire push <file-or-url> --server <http://host:7700> --token <push token> [--replace | --append] [--author <name>]
             [--dry-run] [--fail-on-breaking]

Pushes an OpenAPI 3 / Swagger 2 description (JSON or YAML), or a Torna doc.push JSON, to the application the
push token belongs to (application settings > Push token).

  --server   Quire's address (or QUIRE_SERVER)
  --token    the application's push token (or QUIRE_PUSH_TOKEN, which keeps it out of logs and shell history)
  --replace  remove docs an earlier push created that this one no longer contains (the default)
  --append   only add and update docs
  --author   the name recorded on the docs' history (default: the user running the command)
  --dry-run  push nothing: print what the push would change (counts per level, breaking changes first)
  --fail-on-breaking  ask first what the push would change; when a change is breaking, print the breaking
             changes and exit 1 without pushing

Every push prints its change report: changes per level (breaking, non-breaking, docs) and the breaking changes
by operation, with the rule that decided each (docs/releases.md).

Exit status: 0 pushed, 1 the server refused the push (or --fail-on-breaking found a breaking change), 2 wrong
usage or the file could not be read.

${EXPORT_USAGE}

${MCP_CONFIG_USAGE}
  quire diff <old> <new> [--fail-on breaking|non-breaking|docs] [--json]
                                      compare two OpenAPI/Swagger files offline: every operation added, removed
                                      or changed, breaking changes first, each with its rule (docs/releases.md);
                                      exit 1 when a change at the --fail-on level or above is found, 2 on usage

  quire migrate --to <DATABASE_URL>   copy every table of the current database into an empty one
                                      (or set QUIRE_MIGRATE_TO instead of --to)
  quire backup <file>                 write every table of the current database to a file (gzip JSON lines,
                                      mode 0600; without QUIRE_SECRET_KEY it holds the key to the secrets)
  quire restore <file>                load a backup file into the current database, which must be empty
  quire import-torna --from <mysql://user:pass@host:3306/torna> [--dry-run] [--salt <salt>]
                                      bring a whole Torna database (1.x up to 1.31) into the current database;
                                      run it again later to bring what changed (docs/torna-import.md). The
                                      URL may come from QUIRE_TORNA_URL instead of --from

The current database is the server's: DATABASE_URL, else the SQLite file in QUIRE_DATA_DIR (./data). Targets:
postgres://user:pass@host:5432/db or sqlite:<file>. Stop Quire first; counts are compared on both sides and a
target that holds data is refused. Exit status: 0 done, 1 refused or failed, 2 wrong usage.`;

const DATABASE_COMMANDS = new Set(['migrate', 'backup', 'restore', 'import-torna', 'diff']);

/**
 * The database commands need the server's code (its migrations and database layer): the bundle
 * dist/cli.js after `npm run build`, or, in a checkout without a build, the TypeScript source through tsx.
 */
async function databaseCommand(argv) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundle = path.join(here, '../dist/cli.js');
  if (existsSync(bundle)) {
    const { runDatabaseCommand, runDiffCommand } = await import(pathToFileURL(bundle).href);
    return argv[0] === 'diff' ? runDiffCommand(argv.slice(1)) : runDatabaseCommand(argv);
  }
  const tsx = path.join(here, '../../../node_modules/.bin/tsx');
  if (!existsSync(tsx)) {
    console.error('quire: build the server first (npm run build)');
    return 1;
  }
  const result = spawnSync(tsx, [path.join(here, '../src/cli.ts'), ...argv], { stdio: 'inherit' });
  return result.status ?? 1;
}

class UsageError extends Error {}

/** Reads `push <source> --flag value ...` into options. */
function parseArgs(argv) {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') return { help: true };
  if (command !== 'push') throw new UsageError(`unknown command "${command}"`);
  const options = {
    server: process.env.QUIRE_SERVER ?? '',
    token: process.env.QUIRE_PUSH_TOKEN ?? '',
    replace: undefined,
    dryRun: false,
    failOnBreaking: false,
    author: process.env.USER ?? '',
    source: '',
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const value = () => {
      const next = rest[++i];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--help' || arg === '-h') return { help: true };
    else if (arg === '--server') options.server = value();
    else if (arg === '--token') options.token = value();
    else if (arg === '--author') options.author = value();
    else if (arg === '--replace') options.replace = true;
    else if (arg === '--append') options.replace = false;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--fail-on-breaking') options.failOnBreaking = true;
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else if (!options.source) options.source = arg;
    else throw new UsageError(`one source only (got "${options.source}" and "${arg}")`);
  }
  if (!options.source) throw new UsageError('say which file or URL to push');
  if (!/^https?:\/\/[^\s/]/i.test(options.server))
    throw new UsageError('--server must be an http(s) address');
  if (!options.token) throw new UsageError('--token (or QUIRE_PUSH_TOKEN) is required');
  return options;
}

/** The text of a file or of an http(s) URL. */
async function readSource(source) {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new UsageError(`${source} answered HTTP ${response.status}`);
    return response.text();
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${source}: ${error.message}`);
  }
}

/** The open-API call for a source: a Torna doc.push JSON as it is, anything else as swagger-json.push. */
function callFor(text, options) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object' && Array.isArray(parsed.apis)) {
    const data = { ...parsed, author: parsed.author || options.author };
    if (options.replace !== undefined) data.isReplace = options.replace ? 1 : 0;
    return { name: 'doc.push', data };
  }
  return {
    name: 'swagger-json.push',
    data: { author: options.author, json: text, isReplace: options.replace === false ? 0 : 1 },
  };
}

/** Sends one open-API call; answers the reply's data, or an exit status when it failed (already printed). */
async function send(url, call, options) {
  let response;
  try {
    // Redirects only within the server's origin: the token travels in the body.
    response = await fetchSameOrigin(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': process.env.QUIRE_LANG ?? 'en' },
      body: JSON.stringify({ name: call.name, version: '1.0', data: call.data, access_token: options.token }),
      signal: AbortSignal.timeout(300_000),
    });
  } catch (error) {
    if (error instanceof CrossOriginRedirectError) {
      console.error(`quire push: ${error.message}`);
      return { status: 1 };
    }
    console.error(`quire push: cannot reach ${url}: ${error.cause?.message ?? error.message}`);
    return { status: 1 };
  }
  let body;
  try {
    body = await response.json();
  } catch {
    console.error(
      `quire push: ${url} did not answer JSON (HTTP ${response.status}); is --server a Quire server?`,
    );
    return { status: 1 };
  }
  if (body.code !== '0') {
    console.error(`quire push: refused (code ${body.code}, HTTP ${response.status}): ${body.msg}`);
    return { status: 1 };
  }
  return { data: body.data ?? {} };
}

/** Prints a change report (counts per level, then the breaking changes by operation). */
function printChanges(changes, prefix = 'Changes') {
  if (!changes?.levels) return;
  const { levels, breakingOperations } = changes;
  console.log(
    `${prefix}: ${levels.breaking} breaking, ${levels['non-breaking']} non-breaking, ${levels.docs} docs` +
      ` (${breakingOperations} operations with breaking changes)`,
  );
  for (const op of changes.breaking ?? []) {
    console.log(`  BREAKING ${op.operation} (${op.name})`);
    for (const change of op.changes) {
      const place =
        change.where === 'operation' ? '' : ` ${change.where}${change.path ? ` ${change.path}` : ''}`;
      console.log(`    ${change.rule}${place}`);
    }
  }
}

async function push(options) {
  const text = await readSource(options.source);
  const call = callFor(text, options);
  // Accept the open-API address too (smart-doc's openUrl ends in /api).
  const url = `${options.server.replace(/\/+$/, '').replace(/\/api$/, '')}/api`;
  if (options.dryRun || options.failOnBreaking) {
    const dry = await send(url, { ...call, data: { ...call.data, dryRun: 1 } }, options);
    if (!dry.data) return dry.status;
    const breaking = (dry.data.changes?.levels?.breaking ?? 0) > 0;
    printChanges(
      dry.data.changes,
      options.dryRun ? `Dry run of ${options.source}, would change` : 'Would change',
    );
    if (breaking && options.failOnBreaking) {
      console.error('quire push: breaking changes found; nothing was pushed (--fail-on-breaking)');
      return 1;
    }
    if (options.dryRun) return 0;
  }
  const sent = await send(url, call, options);
  if (!sent.data) return sent.status;
  const counts = sent.data;
  console.log(
    `Pushed ${options.source}: ${counts.added ?? 0} added, ${counts.updated ?? 0} updated, ` +
      `${counts.deleted ?? 0} deleted, ${counts.unchanged ?? 0} unchanged`,
  );
  for (const doc of counts.removed ?? []) console.log(`  removed ${doc.httpMethod} ${doc.url} (${doc.name})`);
  for (const warning of counts.warnings ?? []) console.log(`  warning: ${warning}`);
  printChanges(counts.changes);
  return 0;
}

async function main() {
  if (DATABASE_COMMANDS.has(process.argv[2] ?? '')) return databaseCommand(process.argv.slice(2));
  if (process.argv[2] === 'export') return exportCommand(process.argv.slice(3));
  if (process.argv[2] === 'mcp-config') return mcpConfigCommand(process.argv.slice(3));
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`quire: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    return await push(options);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`quire push: ${error.message}`);
      return 2;
    }
    console.error(`quire push: ${error.message}`);
    return 1;
  }
}

process.exitCode = await main();
