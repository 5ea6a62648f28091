// `quire import-torna` on a generated Torna database of 50,000 docs (docs/torna-import.md "Scale").
//
// The Torna side is a MariaDB database on TEST_MARIADB_URL's server (default mysql://root@127.0.0.1:3306/test):
// the test schema (apps/server/test/torna/torna-schema.sql) filled with 40 users, 4 spaces, 12 projects, 25
// applications, 2,500 folders and 50,000 docs with 12 params each (path, headers, query, a body with a nested
// object, a response with a nested list, an error code), written with multi-row inserts. The import runs as the
// production command (`node apps/server/dist/cli.js import-torna`) into a fresh SQLite file, timed from start
// to exit, its peak RSS read from the process itself (maxRSS at exit); then once more into the same Quire (a
// re-run: nothing changed in Torna).
// Baseline in the same run: reading every row of doc_info and doc_param (what the importer reads first) with
// mysql2, the floor of any import. Targets (issue #30): the import < 2 min and < 1 GB.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { buildServer, ROOT, tempDir } from './lib.ts';

const SERVER = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';
const DOCS = 50_000;
const MODULES = 25;
const FOLDERS_PER_MODULE = 100;
const TARGET_MS = 120_000;
const TARGET_MB = 1024;
// TORNA_BENCH_DB=<name> keeps the generated database (made once, reused on later runs) for profiling.
const kept = process.env.TORNA_BENCH_DB;
const name = kept ?? `quire_bench_torna_${process.pid}`;
const extraNodeArgs = (process.env.TORNA_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (i: number) => `2022-${pad((i % 12) + 1)}-${pad((i % 28) + 1)} 10:${pad(i % 60)}:00`;

/** Inserts rows in statements of `size` rows (mysql2 expands `VALUES ?` from nested arrays). */
async function insertMany(
  db: mysql.Connection,
  table: string,
  columns: string[],
  rows: unknown[][],
  size = 2000,
) {
  for (let at = 0; at < rows.length; at += size)
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [rows.slice(at, at + size)]);
}

async function generate(db: mysql.Connection): Promise<void> {
  const users = Array.from({ length: 40 }, (_, i) => [
    i + 1,
    i === 0 ? 'admin' : `user${i}`,
    'e10adc3949ba59abbe56e057f20f883e',
    i % 2 ? `用户${i}` : `User ${i}`,
    i === 0 ? 1 : 0,
    `user${i}@example.com`,
  ]);
  await insertMany(
    db,
    'user_info',
    ['id', 'username', 'password', 'nickname', 'is_super_admin', 'email'],
    users,
  );
  await insertMany(
    db,
    'space',
    ['id', 'name', 'creator_id'],
    [1, 2, 3, 4].map((i) => [i, `空间 ${i}`, 1]),
  );
  await insertMany(
    db,
    'space_user',
    ['user_id', 'space_id', 'role_code'],
    users.slice(1).map((u, i) => [u[0], (i % 4) + 1, ['guest', 'dev', 'admin'][i % 3]]),
  );
  const projects = Array.from({ length: 12 }, (_, i) => [
    i + 1,
    `Project ${i + 1} 项目`,
    (i % 4) + 1,
    i % 3 === 0 ? 1 : 0,
    1,
  ]);
  await insertMany(db, 'project', ['id', 'name', 'space_id', 'is_private', 'creator_id'], projects);
  await insertMany(
    db,
    'project_user',
    ['project_id', 'user_id', 'role_code'],
    users.slice(1).map((u, i) => [(i % 12) + 1, u[0], ['guest', 'dev', 'admin'][i % 3]]),
  );
  const modules = Array.from({ length: MODULES }, (_, i) => [
    i + 1,
    `Service ${i + 1} 服务`,
    (i % 12) + 1,
    `${String(i + 1).padStart(4, '0')}${'ab'.repeat(14)}`,
    1,
  ]);
  await insertMany(db, 'module', ['id', 'name', 'project_id', 'token', 'creator_id'], modules);

  const docColumns = [
    'id',
    'data_id',
    'doc_key',
    'name',
    'description',
    'author',
    'type',
    'url',
    'http_method',
    'content_type',
    'is_folder',
    'parent_id',
    'module_id',
    'order_index',
    'remark',
    'creator_id',
    'creator_name',
    'modifier_name',
    'create_mode',
    'gmt_create',
    'gmt_modified',
  ];
  const paramColumns = [
    'id',
    'data_id',
    'name',
    'type',
    'required',
    'max_length',
    'example',
    'description',
    'doc_id',
    'parent_id',
    'style',
    'order_index',
  ];
  let docId = 0;
  let paramId = 0;
  const methods = ['GET', 'POST', 'PUT', 'DELETE'];
  for (let m = 1; m <= MODULES; m++) {
    const docs: unknown[][] = [];
    const params: unknown[][] = [];
    const folders: number[] = [];
    for (let f = 0; f < FOLDERS_PER_MODULE; f++) {
      docId++;
      folders.push(docId);
      docs.push([
        docId,
        `f${docId}`,
        `fk${docId}`,
        `订单管理 ${f}`,
        '',
        '',
        0,
        '',
        '',
        '',
        1,
        0,
        m,
        f,
        '',
        1,
        'admin',
        'admin',
        1,
        stamp(docId),
        stamp(docId),
      ]);
    }
    for (let d = 0; d < DOCS / MODULES; d++) {
      docId++;
      const folder = folders[d % FOLDERS_PER_MODULE] ?? 0;
      const method = methods[d % 4] ?? 'GET';
      const url = `/api/v1/orders/${m}/item${d}/{id}`;
      docs.push([
        docId,
        `d${docId}`,
        `dk${docId}`,
        `查询订单详情 ${d}`,
        `<p>Returns the order <b>${d}</b> with its lines. 根据订单号查询订单详情，包含商品行与收货地址。</p>`,
        'Alice',
        0,
        url,
        method,
        'application/json',
        0,
        folder,
        m,
        d,
        'pushed by smart-doc',
        2,
        'Alice',
        'Alice',
        1,
        stamp(docId),
        stamp(docId + 1),
      ]);
      const p = (name: string, type: string, style: number, parent: number, order: number, desc: string) => {
        paramId++;
        params.push([
          paramId,
          `p${paramId}`,
          name,
          type,
          order % 2,
          type === 'String' ? '64' : '-',
          `${name}-example`,
          desc,
          docId,
          parent,
          style,
          order,
        ]);
        return paramId;
      };
      p('id', 'Long', 0, 0, 1, '订单ID');
      p('X-Token', 'String', 1, 0, 1, 'login token');
      p('X-Trace-Id', 'String', 1, 0, 2, '链路ID');
      p('lang', 'String', 5, 0, 1, 'language');
      const body = p('order', 'object', 2, 0, 1, '订单');
      p('remark', 'String', 2, body, 1, '备注');
      p('amount', 'BigDecimal', 2, body, 2, 'amount in yuan');
      const data = p('data', 'array', 3, 0, 1, 'order lines');
      p('skuId', 'Long', 3, data, 1, '商品SKU');
      p('quantity', 'Integer', 3, data, 2, 'how many');
      p('code', 'String', 3, 0, 2, 'result code');
      p('40401', 'String', 4, 0, 1, '订单不存在');
    }
    await insertMany(db, 'doc_info', docColumns, docs, 1000);
    await insertMany(db, 'doc_param', paramColumns, params, 2000);
  }
}

async function baselineMs(url: string): Promise<number> {
  const db = await mysql.createConnection({
    uri: url,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  const started = performance.now();
  await db.query('select * from doc_info order by id');
  await db.query('select * from doc_param order by id');
  const ms = performance.now() - started;
  await db.end();
  return ms;
}

/** Runs the production command; answers its wall time, peak RSS (MB) and output. */
function runImport(
  url: string,
  dataDir: string,
): Promise<{ ms: number; cpuMs: number; peakMb: number; out: string }> {
  const preload = path.join(dataDir, 'max-rss.cjs');
  // maxRSS (KB) of the process itself as it exits: a true peak, unlike polling /proc.
  writeFileSync(
    preload,
    "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('MAXRSS ' + u.maxRSS + ' CPU ' + Math.round((u.userCPUTime + u.systemCPUTime) / 1000) + '\\n'); });",
  );
  // Into a fresh SQLite file: the server's DATABASE_URL of this shell, if any, is not the bench's target.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...extraNodeArgs,
      '-r',
      preload,
      path.join(ROOT, 'apps/server/dist/cli.js'),
      'import-torna',
      '--from',
      url,
    ],
    {
      cwd: ROOT,
      env: { ...env, QUIRE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`import-torna exited ${code}: ${out}\n${err}`));
      const usage = /MAXRSS (\d+) CPU (\d+)/.exec(err);
      resolve({ ms, cpuMs: Number(usage?.[2] ?? 0), peakMb: Number(usage?.[1] ?? 0) / 1024, out });
    });
  });
}

async function main(): Promise<void> {
  let admin: mysql.Connection;
  try {
    admin = await mysql.createConnection(SERVER);
  } catch (error) {
    console.log(
      `skipped: no MariaDB at ${SERVER.replace(/:[^:@/]*@/, ':***@')} (${(error as Error).message})`,
    );
    return;
  }
  const [existing] = await admin.query<mysql.RowDataPacket[]>('show databases like ?', [name]);
  const reuse = kept !== undefined && existing.length > 0;
  if (!reuse) await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  try {
    buildServer();
    if (!reuse) await fill(url);
    const baseline = await baselineMs(url.toString());
    const dataDir = tempDir('quire-torna-bench-');
    const run = await runImport(url.toString(), dataDir);
    const docsLine = (out: string) =>
      (out.split('\n').find((line) => line.startsWith('doc_info')) ?? '').trim();
    console.log(docsLine(run.out));
    const ok = (value: number, target: number) => (value < target ? 'ok' : 'MISSED');
    console.log(`baseline: read doc_info + doc_param with mysql2   ${(baseline / 1000).toFixed(1)} s`);
    console.log(
      `import-torna, 50,000 docs: ${(run.ms / 1000).toFixed(1)} s wall, ${(run.cpuMs / 1000).toFixed(1)} s CPU (target < ${TARGET_MS / 1000} s: ${ok(run.ms, TARGET_MS)}; ${(run.ms / baseline).toFixed(1)}x the baseline)`,
    );
    console.log(
      `peak RSS: ${run.peakMb.toFixed(0)} MB (target < ${TARGET_MB} MB: ${ok(run.peakMb, TARGET_MB)})`,
    );
    // The second run into the same Quire: Torna unchanged, so every doc is compared and none written (a re-run
    // reads the id map and every doc's revision, and converts every doc again to compare fingerprints).
    const again = await runImport(url.toString(), dataDir);
    console.log(docsLine(again.out));
    console.log(
      `import-torna again (nothing changed): ${(again.ms / 1000).toFixed(1)} s wall, ${(again.cpuMs / 1000).toFixed(1)} s CPU (target < ${TARGET_MS / 1000} s: ${ok(again.ms, TARGET_MS)}), peak RSS ${again.peakMb.toFixed(0)} MB (target < ${TARGET_MB} MB: ${ok(again.peakMb, TARGET_MB)})`,
    );
    if (run.ms >= TARGET_MS || run.peakMb >= TARGET_MB) process.exitCode = 1;
    if (again.ms >= TARGET_MS || again.peakMb >= TARGET_MB) process.exitCode = 1;
  } finally {
    if (!kept) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
}

/** The schema, the version row, and the generated rows. */
async function fill(url: URL): Promise<void> {
  const db = await mysql.createConnection({
    uri: url.toString(),
    multipleStatements: true,
    charset: 'utf8mb4',
  });
  await db.query(readFileSync(path.join(ROOT, 'apps/server/test/torna/torna-schema.sql'), 'utf8'));
  await db.query("INSERT INTO system_config (config_key, config_value) VALUES ('torna.version', '13100')");
  const started = performance.now();
  await generate(db);
  const [[counts]] = await db.query<mysql.RowDataPacket[]>(
    'select (select count(*) from doc_info where is_folder = 0) as docs, (select count(*) from doc_info where is_folder = 1) as folders, (select count(*) from doc_param) as params',
  );
  console.log(
    `generated ${counts?.docs} docs, ${counts?.folders} folders, ${counts?.params} params in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.end();
}

await main();
