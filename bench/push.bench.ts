// Open-API push through the production server on SQLite: 1,000 docs with 10 params each in one doc.push
// (target: under 5 s), then the same payload again (target: under 2 s, zero revisions), against a push of 10
// docs measured in the same run. Times are loopback round trips of POST /api, data URL-encoded as smart-doc
// sends it.
import { buildServer, PIN, startServer, tempDir } from './lib.ts';

const PORT = 7813;
const ADMIN_PASSWORD = 'bench-admin-pass';
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

/** A doc.push of `docs` docs in folders of 50, each with 10 params (query, a body object, a response). */
function pushData(docs: number, tag: string) {
  const folders = [];
  for (let f = 0; f * 50 < docs; f++) {
    const items = [];
    for (let d = f * 50; d < Math.min(docs, (f + 1) * 50); d++) {
      items.push({
        name: `Doc ${d}`,
        isFolder: '0',
        url: `/${tag}/resource-${d}/{id}`,
        httpMethod: d % 2 ? 'POST' : 'GET',
        contentType: 'application/json',
        description: `Doc ${d}<br>pushed by the bench`,
        isShow: '1',
        orderIndex: d,
        pathParams: [{ name: 'id', type: 'int64', required: '1', description: 'id' }],
        queryParams: [
          { name: 'page', type: 'int32', required: '0', example: '1', description: 'page' },
          { name: 'size', type: 'int32', required: '0', example: '20', description: 'size' },
        ],
        requestParams: [
          {
            name: 'body',
            type: 'object',
            required: '1',
            description: 'body',
            children: [
              { name: 'name', type: 'string', required: '1', description: 'name', example: 'n' },
              { name: 'tags', type: 'List<String>', required: '0', description: 'tags' },
            ],
          },
        ],
        responseParams: [
          {
            name: 'data',
            type: 'object',
            required: '1',
            description: 'data',
            children: [
              { name: 'id', type: 'Long', required: '1', description: 'id' },
              { name: 'createdAt', type: 'LocalDateTime', required: '1', description: 'created' },
            ],
          },
        ],
      });
    }
    folders.push({ name: `Folder ${f}`, isFolder: '1', orderIndex: f, items });
  }
  return { author: 'bench', isReplace: 1, apis: folders };
}

interface Counts {
  added: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

async function push(pushToken: string, data: unknown): Promise<{ ms: number; counts: Counts; kb: number }> {
  const body = JSON.stringify({
    name: 'doc.push',
    version: '1.0',
    data: encodeURIComponent(JSON.stringify(data)),
    access_token: pushToken,
  });
  const started = performance.now();
  const response = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  const answer = (await response.json()) as { code: string; msg: string; data: Counts };
  const ms = performance.now() - started;
  if (answer.code !== '0') throw new Error(`doc.push: ${answer.code} ${answer.msg}`);
  return { ms, counts: answer.data, kb: body.length / 1024 };
}

async function application(name: string): Promise<string> {
  const space = await call<{ id: string }>('POST', '/api/space/add', { name });
  const project = await call<{ id: string }>('POST', '/api/project/add', { name, spaceId: space.id });
  const module = await call<{ id: string }>('POST', '/api/module/add', { name, projectId: project.id });
  return call<string>('GET', `/api/module/token/refresh?moduleId=${module.id}`);
}

buildServer();
const server = await startServer(
  { QUIRE_DATA_DIR: tempDir('quire-bench-push-'), QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD },
  PORT,
);
try {
  token = (
    await call<{ token: string }>('POST', '/api/system/login', {
      username: 'admin',
      password: ADMIN_PASSWORD,
    })
  ).token;
  const warm = await application('warm-up');
  await push(warm, pushData(100, 'warm')); // JIT and statement caches
  const smallToken = await application('small');
  const smallFirst = await push(smallToken, pushData(10, 'small'));
  const smallAgain = await push(smallToken, pushData(10, 'small'));
  const largeToken = await application('large');
  const first = await push(largeToken, pushData(1000, 'large'));
  const again = await push(largeToken, pushData(1000, 'large'));

  const row = (label: string, r: { ms: number; counts: Counts; kb: number }) =>
    `  ${label.padEnd(28)} ${r.kb.toFixed(0).padStart(6)} KB ${r.ms.toFixed(0).padStart(7)} ms   ` +
    `added ${r.counts.added}, updated ${r.counts.updated}, deleted ${r.counts.deleted}, unchanged ${r.counts.unchanged}`;
  console.log('\nQuire open-API push benchmark (production build, SQLite, loopback, one run each)');
  console.log(`  server ${PIN ? 'pinned to its own CPU (taskset)' : 'not pinned'}`);
  console.log(row('10 docs, first push', smallFirst));
  console.log(row('10 docs, same again', smallAgain));
  console.log(row('1,000 docs, first push', first));
  console.log(row('1,000 docs, same again', again));
  console.log(
    `  1,000 x 10 params:  ${(first.ms / 1000).toFixed(2)} s  target < 5 s  (${(first.ms / smallFirst.ms).toFixed(0)}x the 10-doc push)`,
  );
  console.log(
    `  same payload again: ${(again.ms / 1000).toFixed(2)} s  target < 2 s, zero revisions: ${
      again.counts.added + again.counts.updated === 0 ? 'yes' : 'NO'
    }  (${(again.ms / smallAgain.ms).toFixed(0)}x the 10-doc push)`,
  );
} finally {
  await server.stop();
}
