// Message fan-out does not slow a push: 1,000 docs pushed (every doc changed each round) to an application with
// 50 followers (25 follow the project and get one digest each, 25 follow 5 docs each and get 5 messages each)
// and two webhooks (a generic signed hook and a DingTalk-style robot, both on a loopback receiver), against
// the same push to an application nobody follows, measured in the same run, rounds alternating. Target: the
// followed push within 10 % of the other; every message and delivery row written within 5 s of the answer,
// and the deliveries sent. Production server on SQLite (and PostgreSQL when BENCH_DATABASE_URL is set).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildServer, median, PIN, startServer, tempDir } from './lib.ts';

const PORT = 7814;
const ADMIN_PASSWORD = 'bench-admin-pass';
const USER_PASSWORD = 'bench-user-pass';
const FOLLOWERS = 50;
const DOCS = 1000;
const ROUNDS = 9;
const base = `http://127.0.0.1:${PORT}`;

async function call<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code: string; msg: string; data: T };
  if (answer.code !== '0') throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** 1,000 docs in folders of 50, 4 params each; `round` changes every doc's description and one param. */
function pushData(round: number) {
  const folders = [];
  for (let f = 0; f * 50 < DOCS; f++) {
    const items = [];
    for (let d = f * 50; d < Math.min(DOCS, (f + 1) * 50); d++) {
      items.push({
        name: `Doc ${d}`,
        isFolder: '0',
        url: `/resource-${d}/{id}`,
        httpMethod: d % 2 ? 'POST' : 'GET',
        description: `Doc ${d}, round ${round}`,
        pathParams: [{ name: 'id', type: 'int64', required: '1', description: 'id' }],
        queryParams: [{ name: `page${round}`, type: 'int32', required: '0', description: 'page' }],
        responseParams: [
          { name: 'id', type: 'Long', required: '1', description: 'id' },
          { name: 'name', type: 'String', required: '1', description: 'name' },
        ],
      });
    }
    folders.push({ name: `Folder ${f}`, isFolder: '1', items });
  }
  return { author: 'bench', isReplace: 1, apis: folders };
}

async function push(pushToken: string, round: number): Promise<number> {
  const body = JSON.stringify({
    name: 'doc.push',
    version: '1.0',
    data: encodeURIComponent(JSON.stringify(pushData(round))),
    access_token: pushToken,
  });
  const started = performance.now();
  const response = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json()) as { code: string; msg: string };
  const ms = performance.now() - started;
  if (answer.code !== '0') throw new Error(`doc.push: ${answer.code} ${answer.msg}`);
  return ms;
}

async function application(admin: string, name: string) {
  const space = await call<{ id: string }>(admin, 'POST', '/api/space/add', { name });
  // The hook receiver is on loopback: QUIRE_FETCH_ALLOW_HOSTS opens it to spaces with internal access only.
  await call(admin, 'POST', '/api/space/internal-access', { spaceId: space.id, internalAccess: true });
  const project = await call<{ id: string }>(admin, 'POST', '/api/project/add', { name, spaceId: space.id });
  const module = await call<{ id: string }>(admin, 'POST', '/api/module/add', {
    name,
    projectId: project.id,
  });
  const pushToken = await call<string>(admin, 'GET', `/api/module/token/refresh?moduleId=${module.id}`);
  return { spaceId: space.id, projectId: project.id, moduleId: module.id, pushToken };
}

async function suite(label: string, env: Record<string, string>): Promise<void> {
  // The receiver of both webhooks counts what arrives.
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"errcode":0}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const server = await startServer(
    {
      QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      QUIRE_FETCH_ALLOW_HOSTS: '127.0.0.1',
      QUIRE_REGISTER_LIMIT: '100000',
      ...env,
    },
    PORT,
  );
  try {
    const login = async (username: string, password: string) =>
      (await call<{ token: string }>('', 'POST', '/api/system/login', { username, password })).token;
    const admin = await login('admin', ADMIN_PASSWORD);
    const quiet = await application(admin, 'nobody follows');
    const followed = await application(admin, 'followed');
    await push(quiet.pushToken, 0);
    await push(followed.pushToken, 0);
    const docs = await call<Array<{ id: string; isFolder: boolean }>>(
      admin,
      'GET',
      `/api/doc/list?moduleId=${followed.moduleId}`,
    );
    const docIds = docs.filter((d) => !d.isFolder).map((d) => d.id);

    const followers: string[] = [];
    for (let i = 0; i < FOLLOWERS; i++) {
      const username = `follower${i}`;
      const { id } = await call<{ id: string }>('', 'POST', '/api/system/reg', {
        username,
        password: USER_PASSWORD,
        nickname: username,
      });
      await call(admin, 'POST', '/api/space/member/add', {
        spaceId: followed.spaceId,
        userIds: [id],
        roleCode: 'guest',
      });
      await call(admin, 'POST', '/api/project/member/add', {
        projectId: followed.projectId,
        userIds: [id],
        roleCode: 'guest',
      });
      const token = await login(username, USER_PASSWORD);
      followers.push(token);
      if (i % 2 === 0)
        await call(token, 'POST', '/api/user/subscribe/project/subscribe', { sourceId: followed.projectId });
      else
        for (let k = 0; k < 5; k++)
          await call(token, 'POST', '/api/user/subscribe/doc/subscribe', {
            sourceId: docIds[(i * 5 + k) % docIds.length],
          });
    }
    const events = ['doc.add', 'doc.update', 'doc.delete', 'sync.success', 'sync.failure'];
    for (const kind of ['generic', 'dingtalk'])
      await call(admin, 'POST', '/api/module/webhook/add', {
        moduleId: followed.moduleId,
        kind,
        url: `${hookUrl}/${kind}?access_token=x`,
        secret: 'bench-secret',
        events,
      });
    const last = followers[FOLLOWERS - 1] as string; // follows 5 docs: 5 messages per round
    const messageTotal = async () =>
      (await call<{ total: number }>(last, 'POST', '/api/user/message/page', { pageIndex: 1, pageSize: 5 }))
        .total;

    const quietMs: number[] = [];
    const followedMs: number[] = [];
    const writtenMs: number[] = [];
    const sentMs: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // The order alternates, so neither application always runs on a warmer (or busier) machine.
      if (round % 2 === 1) quietMs.push(await push(quiet.pushToken, round));
      const before = await messageTotal();
      const receivedBefore = received;
      const started = performance.now();
      const pushMs = await push(followed.pushToken, round);
      followedMs.push(pushMs);
      // Messages and deliveries of one change are written in one transaction: the last follower's count moving
      // means all of them are there.
      while ((await messageTotal()) === before) await new Promise((resolve) => setTimeout(resolve, 10));
      writtenMs.push(performance.now() - started - pushMs);
      // Per hook: one digest delivery (1,000 changed docs) and the push's outcome.
      while (received < receivedBefore + 4) await new Promise((resolve) => setTimeout(resolve, 10));
      sentMs.push(performance.now() - started - pushMs);
      if (round % 2 === 0) quietMs.push(await push(quiet.pushToken, round));
    }
    const q = median(quietMs);
    const f = median(followedMs);
    const written = Math.max(...writtenMs);
    console.log(
      `\nQuire message fan-out benchmark (production build, ${label}, loopback, median of ${ROUNDS} rounds)`,
    );
    console.log(`  server ${PIN ? 'pinned to its own CPU (taskset)' : 'not pinned'}`);
    console.log(`  push of ${DOCS} changed docs, nobody follows:        ${q.toFixed(0).padStart(6)} ms`);
    console.log(
      `  push of ${DOCS} changed docs, ${FOLLOWERS} followers + 2 hooks: ${f.toFixed(0).padStart(6)} ms`,
    );
    console.log(`  ratio followed / nobody: ${(f / q).toFixed(3)}  target <= 1.10`);
    console.log(
      `  all messages and delivery rows written: worst ${written.toFixed(0)} ms after the push's answer (target < 5000 ms)`,
    );
    console.log(
      `  both webhooks' deliveries received:    worst ${Math.max(...sentMs).toFixed(0)} ms after the answer`,
    );
  } finally {
    await server.stop();
    receiver.close();
  }
}

buildServer();
await suite('SQLite', { QUIRE_DATA_DIR: tempDir('quire-bench-messages-') });
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const name = `quire_bench_messages_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    await suite('PostgreSQL', {
      QUIRE_DATA_DIR: tempDir('quire-bench-messages-pg-'),
      DATABASE_URL: url.toString(),
    });
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}
