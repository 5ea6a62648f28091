import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/quire.mjs');

/** Runs the command line; answers its exit status and output. */
function quire(args: string[]) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [BIN, ...args], (error, stdout, stderr) => {
      const status = error ? Number((error as { code?: number }).code ?? 1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'quire-diff-'));
function file(name: string, text: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}

const OLD = file(
  'old.yaml',
  `openapi: 3.0.3
info: {title: Shop, version: '1'}
paths:
  /goods:
    get:
      summary: List goods
      parameters:
        - {name: state, in: query, schema: {type: string, enum: [on, off]}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [id, price]
                properties: {id: {type: integer}, price: {type: number}}
        '404': {description: none}
  /orders:
    get:
      summary: Orders
      responses: {'200': {description: ok}}
`,
);

const NEW = file(
  'new.yaml',
  `openapi: 3.0.3
info: {title: Shop, version: '2'}
paths:
  /goods:
    get:
      summary: List all goods
      parameters:
        - {name: state, in: query, schema: {type: string, enum: [on]}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [id]
                properties: {id: {type: integer}, price: {type: string}}
  /carts:
    get:
      summary: Carts
      responses: {'200': {description: ok}}
`,
);

const SAME_PLUS = file(
  'plus.yaml',
  `openapi: 3.0.3
info: {title: Shop, version: '1'}
paths:
  /goods:
    get:
      summary: List goods
      parameters:
        - {name: state, in: query, schema: {type: string, enum: [on, off]}}
        - {name: page, in: query, schema: {type: integer}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [id, price]
                properties: {id: {type: integer}, price: {type: number}}
        '404': {description: none}
  /orders:
    get:
      summary: Orders
      responses: {'200': {description: ok}}
`,
);

describe('quire diff (offline)', () => {
  it('prints the changes, breaking first, and exits 1 with --fail-on breaking when one is breaking', async () => {
    const result = await quire(['diff', OLD, NEW, '--fail-on', 'breaking']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toContain('1 added, 1 removed, 1 changed operations');
    const breaking = lines.filter((line) => line.startsWith('BREAKING'));
    expect(breaking).toEqual(
      expect.arrayContaining([
        'BREAKING\tGET /orders\toperation-removed',
        'BREAKING\tGET /goods\tquery state: request-enum-value-removed (off -> )',
        'BREAKING\tGET /goods\tresponse price: response-field-type-changed (number -> string)',
        'BREAKING\tGET /goods\tresponse price: response-field-made-optional',
        'BREAKING\tGET /goods\tstatus 404: response-status-removed',
      ]),
    );
    // Breaking lines come before every other line.
    const firstOther = lines.findIndex((line, i) => i > 0 && !line.startsWith('BREAKING'));
    expect(lines.slice(firstOther).some((line) => line.startsWith('BREAKING'))).toBe(false);
    expect(lines).toContain('non-breaking\tGET /carts\toperation-added');
  });

  it('exits 0 without --fail-on, and with it when nothing breaks', async () => {
    expect((await quire(['diff', OLD, NEW])).status).toBe(0);
    const safe = await quire(['diff', OLD, SAME_PLUS, '--fail-on', 'breaking']);
    expect(safe.status).toBe(0);
    expect(safe.stdout).toContain('non-breaking\tGET /goods\tquery page: request-param-added');
    expect((await quire(['diff', OLD, SAME_PLUS, '--fail-on', 'non-breaking'])).status).toBe(1);
  });

  it('answers JSON with --json', async () => {
    const result = await quire(['diff', OLD, NEW, '--json']);
    const diff = JSON.parse(result.stdout);
    expect(diff.summary.breakingOperations).toBe(2);
    expect(diff.operations[0].level).toBe('breaking');
  });

  it('exits 2 on wrong usage or a file that is not a description', async () => {
    expect((await quire(['diff', OLD])).status).toBe(2);
    expect((await quire(['diff', OLD, NEW, '--fail-on', 'maybe'])).status).toBe(2);
    const notApi = await quire(['diff', OLD, file('x.json', '{"hello": 1}')]);
    expect(notApi.status).toBe(2);
    expect(notApi.stderr).toContain('not a Swagger or OpenAPI description');
    expect((await quire(['diff', OLD, path.join(dir, 'missing.yaml')])).status).toBe(2);
  });
});
