import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Instance,
  type SharedDatabase,
  sharedDatabase,
  startInstance,
  stopInstance,
} from '../../test/instances.ts';
import { javaUrlEncode } from '../../test/push-fixture.ts';
import { testDialects } from '../../test/test-databases.ts';

/*
 * Two real server processes on one database (the PostgreSQL of TEST_DATABASE_URL, the MariaDB of
 * TEST_MARIADB_URL, and one SQLite file),
 * used alternately as a balancer would: sessions, logout, login throttling, the 409 of a stale save after a
 * push, the read cache of one after the other's writes, and a graceful stop under traffic. Ports 7880-7899.
 */
const PASSWORD = 'two-instances-pass';

interface Answer<T> {
  status: number;
  code: string;
  data: T;
  etag: string | null;
}

async function request<T = unknown>(
  base: string,
  route: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${base}${route}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      'accept-language': 'en',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as { code: string; data: T }) : { code: '', data: undefined as T };
  return { status: response.status, code: json.code, data: json.data, etag: response.headers.get('etag') };
}

async function okData<T>(answer: Promise<Answer<T>>): Promise<T> {
  const a = await answer;
  if (a.code !== '0') throw new Error(`expected success, got ${a.status} ${a.code}`);
  return a.data;
}

function labels(nodes: Array<{ label: string; children?: unknown[] }>): string[] {
  return nodes.flatMap((n) => [n.label, ...labels((n.children ?? []) as typeof nodes)]);
}

describe.each(testDialects())('two instances on one %s database', (dialect) => {
  const port = dialect === 'sqlite' ? 7880 : dialect === 'postgres' ? 7882 : 7884;
  let db: SharedDatabase;
  let a: Instance;
  let b: Instance;
  let admin: string;
  let moduleId: string;
  let projectId: string;

  beforeAll(async () => {
    db = await sharedDatabase(dialect);
    const env = { ...db.env, QUIRE_ADMIN_PASSWORD: PASSWORD, QUIRE_SHUTDOWN_GRACE_MS: '2000' };
    // Both bootstrap the same empty database at once: migrations and the first admin must not collide.
    [a, b] = await Promise.all([startInstance(port, env), startInstance(port + 1, env)]);
    admin = (
      await okData<{ token: string }>(
        request(a.base, '/api/system/login', { body: { username: 'admin', password: PASSWORD } }),
      )
    ).token;
    const space = await okData<{ id: string }>(
      request(a.base, '/api/space/add', { token: admin, body: { name: 'S' } }),
    );
    projectId = (
      await okData<{ id: string }>(
        request(b.base, '/api/project/add', { token: admin, body: { name: 'P', spaceId: space.id } }),
      )
    ).id;
    moduleId = (
      await okData<{ id: string }>(
        request(a.base, '/api/module/add', { token: admin, body: { name: 'M', projectId } }),
      )
    ).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
    await db?.drop();
  });

  it('keeps a login valid on both and ends it on both at logout', async () => {
    const { token } = await okData<{ token: string }>(
      request(b.base, '/api/system/login', { body: { username: 'admin', password: PASSWORD } }),
    );
    expect((await request(a.base, '/api/user/info', { token })).status).toBe(200);
    expect((await request(b.base, '/api/user/info', { token })).status).toBe(200);
    await okData(request(a.base, '/api/user/logout', { token, body: {} }));
    expect((await request(b.base, '/api/user/info', { token })).status).toBe(401);
    expect((await request(a.base, '/api/user/info', { token })).status).toBe(401);
  });

  it('counts failed logins across both instances', async () => {
    const wrong = { username: 'admin', password: 'not-the-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await request(i % 2 ? a.base : b.base, '/api/system/login', { body: wrong })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    // The eleventh attempt, on either instance, is throttled even with the right password.
    const onA = await request(a.base, '/api/system/login', { body: wrong });
    expect(onA.status).toBe(429);
    const right = await request(b.base, '/api/system/login', {
      body: { username: 'admin', password: PASSWORD },
    });
    expect(right.status).toBe(429);
    expect(right.code).toBe('auth.login_throttled');
  });

  it('meets a save based on a revision a push on the other instance replaced with 409', async () => {
    const doc = await okData<{ id: string; revision: number }>(
      request(a.base, '/api/doc/save', {
        token: admin,
        body: { moduleId, name: 'Get order', url: '/orders/get', httpMethod: 'GET' },
      }),
    );
    const pushToken = await okData<string>(
      request(a.base, `/api/module/token/refresh?moduleId=${moduleId}`, { token: admin }),
    );
    const push = {
      isReplace: 0,
      apis: [{ name: 'Get order', url: '/orders/get', httpMethod: 'GET', description: 'From the push' }],
    };
    const pushed = await request(b.base, '/api', {
      body: {
        name: 'doc.push',
        version: '1.0',
        data: javaUrlEncode(JSON.stringify(push)),
        access_token: pushToken,
      },
    });
    expect(pushed.code).toBe('0');
    const stale = await request(a.base, '/api/doc/save', {
      token: admin,
      body: {
        id: doc.id,
        revision: doc.revision,
        moduleId,
        name: 'Get order (edited)',
        url: '/orders/get',
        httpMethod: 'GET',
      },
    });
    expect(stale.status).toBe(409);
    expect(stale.code).toBe('doc.stale');
    const current = await okData<{ revision: number }>(
      request(b.base, `/api/doc/detail?id=${doc.id}`, { token: admin }),
    );
    expect(current.revision).toBeGreaterThan(doc.revision);
    const saved = await request(b.base, '/api/doc/save', {
      token: admin,
      body: {
        id: doc.id,
        revision: current.revision,
        moduleId,
        name: 'Get order (edited)',
        url: '/orders/get',
        httpMethod: 'GET',
      },
    });
    expect(saved.code).toBe('0');
    // And the stale base stays stale on the other instance too.
    const again = await request(a.base, '/api/doc/save', {
      token: admin,
      body: {
        id: doc.id,
        revision: current.revision,
        moduleId,
        name: 'Another',
        url: '/orders/get',
        httpMethod: 'GET',
      },
    });
    expect(again.status).toBe(409);
  });

  it("drops one instance's cached tree and doc when the other writes", async () => {
    const treeRoute = `/api/doc/view/dataByProject?projectId=${projectId}`;
    const first = await request<Array<{ label: string }>>(b.base, treeRoute, { token: admin });
    expect(first.status).toBe(200);
    const etag = first.etag ?? '';
    expect(
      (await request(b.base, treeRoute, { token: admin, headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    const added = await okData<{ id: string }>(
      request(a.base, '/api/doc/save', {
        token: admin,
        body: { moduleId, name: 'Cancel order', url: '/orders/cancel', httpMethod: 'POST' },
      }),
    );
    const after = await request<Array<{ label: string }>>(b.base, treeRoute, {
      token: admin,
      headers: { 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(labels(after.data)).toContain('Cancel order');
    const detail = await okData<{ revision: number; name: string }>(
      request(b.base, `/api/doc/detail?id=${added.id}`, { token: admin }),
    );
    await okData(
      request(a.base, '/api/doc/save', {
        token: admin,
        body: {
          id: added.id,
          revision: detail.revision,
          moduleId,
          name: 'Cancel an order',
          url: '/orders/cancel',
          httpMethod: 'POST',
        },
      }),
    );
    const renamed = await okData<{ name: string }>(
      request(b.base, `/api/doc/detail?id=${added.id}`, { token: admin }),
    );
    expect(renamed.name).toBe('Cancel an order');
  });

  it('stops one instance under traffic: requests in flight are answered, the other keeps serving', async () => {
    const treeRoute = `/api/doc/view/dataByProject?projectId=${projectId}`;
    // A save whose body is still arriving when the signal comes: surely in flight, whatever the machine's load.
    const body = JSON.stringify({
      moduleId,
      name: 'Saved while stopping',
      url: '/stopping',
      httpMethod: 'PUT',
    });
    const half = Math.floor(body.length / 2);
    const save = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const call = http.request(
        `${a.base}/api/doc/save`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${admin}`,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      call.on('error', reject);
      call.write(body.slice(0, half));
      setTimeout(() => {
        a.child.kill('SIGTERM');
        setTimeout(() => call.end(body.slice(half)), 300);
      }, 300);
    });
    // Other readers at the same moment: answered, or refused / told 503, which a balancer retries elsewhere.
    const others = Array.from({ length: 10 }, () => request(a.base, treeRoute, { token: admin }));
    const saved = await save;
    expect(saved.status).toBe(200);
    expect(saved.text).toMatch(/^\{"code":"0"/);
    const answers = await Promise.allSettled(others);
    for (const answer of answers)
      expect([200, 503, 'refused']).toContain(
        answer.status === 'fulfilled' ? answer.value.status : 'refused',
      );
    const code = await Promise.race([
      a.exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no exit: ${a.output()}`)), 15_000),
      ),
    ]);
    expect(code).toBe(0);
    expect((await request(b.base, '/api/ready')).status).toBe(200);
    const tree = await request<Array<{ label: string; children?: unknown[] }>>(b.base, treeRoute, {
      token: admin,
    });
    expect(labels(tree.data)).toContain('Saved while stopping');
  });
});
