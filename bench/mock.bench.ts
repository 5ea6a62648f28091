// The mock server through the production build: a fixed mock (target: at least 2,000 requests/s), a plain script
// mock, a script calling Mock.mock and a Mock.js template (result type 2), each run per request in the QuickJS
// sandbox pool (target: at least 300/s each), all at 50 connections, against a bare Fastify route measured in the
// same run (alternating rounds, best of each). The server is not pinned to one CPU: its sandbox workers use both,
// as deployed (the bare route stays on CPU 1, the load generator on CPU 0). Then an endless-loop script and
// memory bombs: how fast they are stopped, with which status, and what the fixed mock's latency is meanwhile.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, median, PIN, pinned, ROOT, rssMb, startServer, tempDir } from './lib.ts';

const PORT = 7830;
const BASELINE_PORT = 7831;
const ADMIN_PASSWORD = 'bench-admin-pass';
const ROUNDS = 3;
const base = `http://127.0.0.1:${PORT}`;
let token = '';

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== '0') throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** autocannon in its own (pinned) process: 1 s of warm-up, then 5 s measured at 50 connections. */
function load(url: string): LoadResult {
  const cli = path.join(ROOT, 'node_modules/autocannon/autocannon.js');
  const run = (seconds: number) => {
    const [command, args] = pinned(0, process.execPath, [cli, '-j', '-c', '50', '-d', String(seconds), url]);
    const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(result.stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    };
  };
  run(1);
  const result = run(5);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const best = (results: LoadResult[]): LoadResult =>
  results.reduce((a, b) => (b.rps > a.rps ? b : a), results[0] ?? { rps: 0, p50: 0, p99: 0, errors: 0 });

/**
 * A GET that retries once when a kept-alive socket was closed by the server while idle (its keep-alive timeout
 * can end exactly as the next request reuses it, after the minute of load rounds).
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

/** Median latency of `count` sequential requests, in ms. */
async function latency(url: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await get(url);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main(): Promise<void> {
  buildServer();
  const dataDir = tempDir('quire-bench-mock-');
  const server = await startServer({ QUIRE_DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD }, PORT, {
    pin: false,
  });
  const [baselineCommand, baselineArgs] = pinned(1, process.execPath, [
    path.join(ROOT, 'bench/baseline-server.mjs'),
    String(BASELINE_PORT),
  ]);
  const baselineProcess = spawn(baselineCommand, baselineArgs, { stdio: 'ignore' });
  try {
    const login = await fetch(`${base}/api/system/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const space = await call<{ id: string }>('POST', '/api/space/add', { name: 'bench' });
    const project = await call<{ id: string }>('POST', '/api/project/add', {
      name: 'bench',
      spaceId: space.id,
    });
    const module = await call<{ id: string }>('POST', '/api/module/add', {
      name: 'bench',
      projectId: project.id,
    });
    const doc = await call<{ id: string }>('POST', '/api/doc/save', {
      moduleId: module.id,
      name: 'Get user',
      url: '/user/get',
      httpMethod: 'GET',
      responseParams: [
        { name: 'id', type: 'number', example: '1' },
        { name: 'name', type: 'string', example: 'Ada' },
      ],
    });
    const mock = (name: string, fields: Record<string, unknown>) =>
      call('POST', '/api/doc/mock/save', { docId: doc.id, name, path: `bench/${name}`, ...fields });
    await mock('fixed', { responseBody: '{"code":"0","data":{"id":1,"name":"Ada"}}' });
    await mock('script', {
      resultType: 1,
      mockScript:
        'const id = Number($params.id || 1);\nreturn { code: "0", data: { id, name: "user" + id, at: $date.format(), sig: md5(String(id)) } };',
    });
    await mock('mockjs', {
      resultType: 1,
      mockScript:
        'const n = Number($params.n || 5);\nreturn Mock.mock({ code: "0", ["list|" + n]: [{ "id|+1": 1, name: "@name" }], token: Random.guid() });',
    });
    await mock('template', {
      resultType: 2,
      responseBody: '{ "list|5": [{ "id|+1": 1, "name": "@name" }] }',
    });
    await mock('loop', { resultType: 1, mockScript: 'for (;;) {}' });
    await mock('bomb', {
      resultType: 1,
      mockScript: 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i });',
    });
    await mock('arraybomb', {
      resultType: 1,
      mockScript: 'let a=[]; while(true) a.push(new Array(1e6).fill(1))',
    });
    for (let i = 0; i < 500; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${BASELINE_PORT}/constant`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    // Warm the pool (its workers load QuickJS on the first script).
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/mock/bench/script?id=${i}`)).arrayBuffer();
    for (let i = 0; i < 5; i++) await (await fetch(`${base}/mock/bench/template`)).arrayBuffer();

    const rounds: Record<'fixed' | 'script' | 'mockjs' | 'template' | 'baseline', LoadResult[]> = {
      fixed: [],
      script: [],
      mockjs: [],
      template: [],
      baseline: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.fixed.push(load(`${base}/mock/bench/fixed`));
      rounds.script.push(load(`${base}/mock/bench/script?id=7`));
      rounds.mockjs.push(load(`${base}/mock/bench/mockjs`));
      rounds.template.push(load(`${base}/mock/bench/template`));
      rounds.baseline.push(load(`http://127.0.0.1:${BASELINE_PORT}/constant`));
    }
    const fixed = best(rounds.fixed);
    const script = best(rounds.script);
    const mockjs = best(rounds.mockjs);
    const template = best(rounds.template);
    const baseline = best(rounds.baseline);
    const row = (name: string, r: LoadResult) =>
      `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  (${((r.rps / baseline.rps) * 100).toFixed(0)}% of bare route)`;
    console.log(
      `CPU pinning: ${PIN ? 'baseline on CPU 1, load generator on CPU 0, server on both (its sandbox workers)' : 'off'}`,
    );
    console.log(`best of ${ROUNDS} alternating rounds, 5 s each, 50 connections:`);
    console.log(row('bare Fastify route', baseline));
    console.log(row('fixed mock (target 2000)', fixed));
    console.log(row('script mock (target 300)', script));
    console.log(row('Mock.js script (target 300)', mockjs));
    console.log(row('Mock.js template (target 300)', template));
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the server exited during the load rounds (${server.child.exitCode ?? server.child.signalCode})`,
      );
    }

    // Endless loops: each is stopped at its 100 ms deadline; meanwhile the fixed mock keeps its latency.
    const idleLatency = await latency(`${base}/mock/bench/fixed`, 200);
    const loopTimes: number[] = [];
    let looping = true;
    // One runaway mock hit in a loop (the pool has a worker per CPU, so the other scripts keep one).
    const loops = Array.from({ length: 1 }, async () => {
      while (looping) {
        const started = performance.now();
        const response = await get(`${base}/mock/bench/loop`);
        await response.arrayBuffer();
        if (response.status !== 500) throw new Error(`loop answered ${response.status}`);
        loopTimes.push(performance.now() - started);
      }
    });
    const busyLatency = await latency(`${base}/mock/bench/fixed`, 200);
    const scriptDuringLoops = await latency(`${base}/mock/bench/script?id=3`, 50);
    looping = false;
    await Promise.all(loops);

    // Memory bombs: stopped by the sandbox's 32 MB heap limit inside a worker, never on the server's heap.
    const rssBefore = rssMb(server.child.pid ?? 0);
    const bombs = async (name: string) => {
      const times: number[] = [];
      let answer = '';
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const response = await get(`${base}/mock/bench/${name}`);
        const body = (await response.json()) as { code: string; msg: string };
        answer = `${response.status} ${body.code} "${body.msg}"`;
        times.push(performance.now() - started);
      }
      return `median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, ${answer}`;
    };
    const objectBomb = await bombs('bomb');
    const arrayBomb = await bombs('arraybomb');
    const rssAfter = rssMb(server.child.pid ?? 0);
    const stillServing = (await get(`${base}/mock/bench/fixed`)).status;

    console.log(
      `endless loop: ${loopTimes.length} stopped, median ${median(loopTimes).toFixed(0)} ms, max ${Math.max(...loopTimes).toFixed(0)} ms (script limit 100 ms; the rest is the request and queueing)`,
    );
    console.log(
      `fixed mock latency: ${idleLatency.toFixed(2)} ms idle, ${busyLatency.toFixed(2)} ms while a loop script is hit back to back; script mock meanwhile ${scriptDuringLoops.toFixed(1)} ms`,
    );
    console.log(`memory bomb (objects), 10 in a row: ${objectBomb}`);
    console.log(`memory bomb (new Array(1e6).fill(1) in a loop), 10 in a row: ${arrayBomb}`);
    console.log(
      `server RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB (workers included); still serving: ${stillServing}`,
    );
  } finally {
    baselineProcess.kill('SIGTERM');
    await server.stop();
  }
}

await main();
