// `quire export`: downloads an application's docs from a running Quire server with the application's push
// token, for CI pipelines (a description for other tools, a Markdown, HTML or Word file to publish). Plain
// Node.js (>= 20), no dependencies, like `quire push`.
import { writeFile } from 'node:fs/promises';
import process from 'node:process';
import { CrossOriginRedirectError, fetchSameOrigin } from './same-origin-fetch.mjs';

export const EXPORT_USAGE = `Usage:
  quire export --url <http://host:7700> --token <push token> --format <format> --out <file> [options]

Writes the docs of the application the push token belongs to (application settings > Push token) to a file:
all of them, or the docs and folders named by --doc and --folder.

  --url       Quire's address (also --server, or QUIRE_SERVER)
  --token     the application's push token (or QUIRE_PUSH_TOKEN, which keeps it out of logs and shell history)
  --format    markdown | html | word | openapi | postman
  --out       the file to write ('-' writes to standard output)
  --per-doc   one file per doc, zipped by folder (markdown, html, word)
  --yaml      OpenAPI as YAML instead of JSON
  --env       an environment whose URLs are printed; repeat for more (default: all of them)
  --doc       a doc or folder id of that application (a folder brings everything in it); repeat for more
  --folder    a folder by its name path from the root, such as Orders/Refunds; repeat for more

Exit status: 0 written, 1 the server refused the export, 2 wrong usage or the file could not be written.`;

const FORMATS = new Set(['markdown', 'html', 'word', 'openapi', 'postman']);

export class ExportUsageError extends Error {}

/** Reads `export --flag value ...` into options. */
export function parseExportArgs(argv) {
  const options = {
    server: process.env.QUIRE_SERVER ?? '',
    token: process.env.QUIRE_PUSH_TOKEN ?? '',
    format: '',
    out: '',
    style: 'allInOne',
    openapiFormat: 'json',
    environments: [],
    docIds: [],
    folders: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || (next.startsWith('--') && next !== '-'))
        throw new ExportUsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--help' || arg === '-h') return { help: true };
    else if (arg === '--url' || arg === '--server') options.server = value();
    else if (arg === '--token') options.token = value();
    else if (arg === '--format') options.format = value();
    else if (arg === '--out') options.out = value();
    else if (arg === '--env') options.environments.push(value());
    else if (arg === '--doc') options.docIds.push(value());
    else if (arg === '--folder') options.folders.push(value());
    else if (arg === '--per-doc') options.style = 'perDoc';
    else if (arg === '--yaml') options.openapiFormat = 'yaml';
    else throw new ExportUsageError(`unknown argument ${arg}`);
  }
  if (!FORMATS.has(options.format))
    throw new ExportUsageError('--format must be one of markdown, html, word, openapi, postman');
  if (!options.out) throw new ExportUsageError('--out is required');
  if (!/^https?:\/\/[^\s/]/i.test(options.server))
    throw new ExportUsageError('--url must be an http(s) address');
  if (!options.token) throw new ExportUsageError('--token (or QUIRE_PUSH_TOKEN) is required');
  return options;
}

/** Calls `POST /api/module/export` and writes the file; answers the exit status. */
export async function runExport(options) {
  const url = `${options.server.replace(/\/+$/, '').replace(/\/api$/, '')}/api/module/export`;
  let response;
  try {
    // Redirects only within the server's origin: the token travels in a header.
    response = await fetchSameOrigin(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${options.token}`,
        'accept-language': process.env.QUIRE_LANG ?? 'en',
      },
      body: JSON.stringify({
        format: options.format,
        style: options.style,
        openapiFormat: options.openapiFormat,
        environments: options.environments,
        // Nothing named: the whole application (an empty list would be "Please choose doc").
        ...(options.docIds.length ? { docIds: options.docIds } : {}),
        ...(options.folders.length ? { folders: options.folders } : {}),
      }),
      // A large application renders in the server's workers; its own time limit answers before this one.
      signal: AbortSignal.timeout(3_600_000),
    });
  } catch (error) {
    if (error instanceof CrossOriginRedirectError) {
      console.error(`quire export: ${error.message}`);
      return 1;
    }
    console.error(`quire export: cannot reach ${url}: ${error.cause?.message ?? error.message}`);
    return 1;
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) {
    let reason;
    try {
      const refusal = JSON.parse(body.toString('utf8'));
      reason = `(code ${refusal.code}, HTTP ${response.status}): ${refusal.msg}`;
    } catch {
      reason = `(HTTP ${response.status}); is --url a Quire server?`;
    }
    console.error(`quire export: refused ${reason}`);
    return 1;
  }
  try {
    if (options.out === '-') process.stdout.write(body);
    else await writeFile(options.out, body);
  } catch (error) {
    console.error(`quire export: cannot write ${options.out}: ${error.message}`);
    return 2;
  }
  if (options.out !== '-') {
    const name = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    console.log(
      `Exported ${name ? decodeURIComponent(name) : options.format} to ${options.out} (${body.length} bytes)`,
    );
  }
  return 0;
}

/** `quire export ...`: the exit status. */
export async function exportCommand(argv) {
  let options;
  try {
    options = parseExportArgs(argv);
  } catch (error) {
    console.error(`quire export: ${error.message}\n\n${EXPORT_USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(EXPORT_USAGE);
    return 0;
  }
  return runExport(options);
}
