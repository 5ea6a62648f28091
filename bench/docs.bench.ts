// Doc save and load through the production server on SQLite: a doc with 1,000 params (target: save under
// 300 ms, load under 50 ms), against a 10-param doc measured in the same run, plus a 10,000-row doc for scale.
// Times are request round trips on loopback (the client's share is small next to the server's), medians of N.
import { buildServer, median, PIN, startServer, tempDir } from './lib.ts';

const PORT = 7793;
const ADMIN_PASSWORD = 'bench-admin-pass';
const RUNS = 30;
const base = `http://127.0.0.1:${PORT}`;
let token = '';

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== '0') throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** `rows` param rows as an editor builds them: objects of ten fields each, with descriptions and examples. */
function responseTable(rows: number): unknown[] {
  const table: unknown[] = [];
  for (let made = 0; made < rows; ) {
    const group = table.length;
    const children = [];
    for (let i = 0; i < 9 && made + 1 + children.length < rows; i++) {
      children.push({
        name: `field_${i}`,
        type: i % 2 ? 'number' : 'string',
        description: `Field ${i} of group ${group}`,
        example: String(i),
        maxLength: '64',
      });
    }
    table.push({ name: `group_${group}`, type: 'object', description: `Group <b>${group}</b>`, children });
    made += 1 + children.length;
  }
  return table;
}

interface Figures {
  rows: number;
  payloadKb: number;
  createMs: number;
  saveMs: number;
  loadMs: number;
}

async function measure(moduleId: string, rows: number, runs: number): Promise<Figures> {
  const doc = {
    name: `Doc ${rows}`,
    url: `/bench/${rows}`,
    httpMethod: 'POST',
    moduleId,
    description: '<p>Bench doc</p>',
    responseParams: responseTable(rows),
  };
  const payloadKb = JSON.stringify(doc).length / 1024;
  let started = performance.now();
  const created = await call<{ id: string; revision: number }>('POST', '/api/doc/save', doc);
  const createMs = performance.now() - started;
  let revision = created.revision;
  const saves: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Each save changes one description, so it writes a real revision with its diff.
    const body = { ...doc, id: created.id, revision, description: `<p>Bench doc, edit ${i}</p>` };
    started = performance.now();
    revision = (await call<{ revision: number }>('POST', '/api/doc/save', body)).revision;
    saves.push(performance.now() - started);
  }
  const loads: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    await call('GET', `/api/doc/detail?id=${created.id}`);
    loads.push(performance.now() - started);
  }
  return { rows, payloadKb, createMs, saveMs: median(saves), loadMs: median(loads) };
}

buildServer();
const server = await startServer(
  { QUIRE_DATA_DIR: tempDir('quire-bench-docs-'), QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD },
  PORT,
);
try {
  token = (
    await call<{ token: string }>('POST', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const space = await call<{ id: string }>('POST', '/api/space/add', { name: 'bench' });
  const project = await call<{ id: string }>('POST', '/api/project/add', {
    name: 'bench',
    spaceId: space.id,
  });
  const module = await call<{ id: string }>('POST', '/api/module/add', {
    name: 'bench',
    projectId: project.id,
  });
  await measure(module.id, 100, 10); // warm-up: JIT and statement caches
  const small = await measure(module.id, 10, RUNS);
  const large = await measure(module.id, 1000, RUNS);
  const huge = await measure(module.id, 10_000, 5);

  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log('\nQuire docs benchmark (production build, SQLite, loopback round trips, medians)');
  console.log(
    `  server ${PIN ? 'pinned to its own CPU (taskset)' : 'not pinned'}; ${RUNS} saves and ${RUNS} loads per doc (5 for 10,000 rows)`,
  );
  console.log('  rows    payload KB   create ms   save ms   load ms');
  for (const f of [small, large, huge]) {
    console.log(
      `  ${String(f.rows).padStart(6)} ${fmt(f.payloadKb)}     ${fmt(f.createMs)}    ${fmt(f.saveMs)}   ${fmt(f.loadMs)}`,
    );
  }
  console.log(
    `  save of a 1,000-param doc:  ${large.saveMs.toFixed(1)} ms  target < 300 ms  (${(large.saveMs / small.saveMs).toFixed(1)}x the 10-param doc)`,
  );
  console.log(
    `  load of the same doc:       ${large.loadMs.toFixed(1)} ms  target < 50 ms  (${(large.loadMs / small.loadMs).toFixed(1)}x the 10-param doc)`,
  );
} finally {
  await server.stop();
}
