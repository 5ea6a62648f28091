import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

/*
 * The server keeps the changes since a release between two writes (changes-cache.ts): every write the
 * changes depend on (a doc, a dictionary, an application's name, the release) must show in the next read.
 */

interface Changelog {
  since: { releaseNo: string } | null;
  changes: {
    operations: Array<{ name: string; moduleName: string; changes: Array<{ rule: string }> }>;
  } | null;
}

describe.each(testDialects())('the changelog kept between writes on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let enumId: string;
  let doc: { id: string; revision: number };
  const changelog = () =>
    expectOk<Changelog>(t.get(`/api/project/changelog?projectId=${w.projectId}`, { token: w.token }));
  const rules = (log: Changelog) =>
    (log.changes?.operations ?? []).flatMap((op) => op.changes.map((c) => c.rule)).sort();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    enumId = (
      await expectOk<{ id: string }>(
        t.post('/api/doc/enum/info/add', { moduleId: w.moduleId, name: 'State' }, { token: w.token }),
      )
    ).id;
    await expectOk(
      t.post(
        '/api/doc/enum/item/add',
        { enumId, name: 'ON', type: 'string', value: 'on' },
        { token: w.token },
      ),
    );
    doc = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Lamps',
      url: '/lamps',
      httpMethod: 'GET',
      queryParams: [{ name: 'state', type: 'enum', enumContent: 'on', required: false }],
    });
    await expectOk(
      t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '1.0' }, { token: w.token }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads a change of a doc, of a dictionary and of the application name after a first read', async () => {
    const first = await changelog();
    expect(first.since?.releaseNo).toBe('1.0');
    expect(first.changes?.operations).toEqual([]);
    expect((await changelog()).changes?.operations).toEqual([]);

    // The doc now takes its values from the dictionary (ON only): the same list as frozen.
    await saveDoc(t, w.token, {
      id: doc.id,
      revision: doc.revision,
      moduleId: w.moduleId,
      name: 'Lamps',
      url: '/lamps',
      httpMethod: 'GET',
      queryParams: [{ name: 'state', type: 'enum', enumId, required: false }],
    });
    expect(rules(await changelog())).not.toContain('request-enum-value-added');
    // A value added to the dictionary, the doc untouched: the next read tells it.
    await expectOk(
      t.post(
        '/api/doc/enum/item/add',
        { enumId, name: 'OFF', type: 'string', value: 'off' },
        { token: w.token },
      ),
    );
    expect(rules(await changelog())).toContain('request-enum-value-added');

    await expectOk(t.post('/api/module/update', { id: w.moduleId, name: 'Renamed app' }, { token: w.token }));
    expect((await changelog()).changes?.operations.map((op) => op.moduleName)).toEqual(['Renamed app']);
  });

  it('counts from a newer release as soon as it is made, and from the older one once the newer is invalid', async () => {
    const newer = await expectOk<{ id: string }>(
      t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '2.0' }, { token: w.token }),
    );
    const now = await changelog();
    expect(now.since?.releaseNo).toBe('2.0');
    expect(now.changes?.operations).toEqual([]);
    await expectOk(t.post('/api/project/release/status', { id: newer.id, status: 0 }, { token: w.token }));
    const back = await changelog();
    expect(back.since?.releaseNo).toBe('1.0');
    expect(rules(back)).toContain('request-enum-value-added');
  });

  it('answers the first operations only with a limit, the summary counting them all', async () => {
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Fans', url: '/fans', httpMethod: 'GET' });
    await saveDoc(t, w.token, { moduleId: w.moduleId, name: 'Doors', url: '/doors', httpMethod: 'GET' });
    const all = await changelog();
    expect(all.changes?.operations).toHaveLength(3);
    const first = await expectOk<
      Changelog & { changes: { summary: { operations: Record<string, number> } } }
    >(t.get(`/api/project/changelog?projectId=${w.projectId}&limit=2`, { token: w.token }));
    expect(first.changes.operations.map((op) => op.name)).toEqual(
      all.changes?.operations.slice(0, 2).map((op) => op.name),
    );
    expect(first.changes.summary.operations).toEqual({ added: 2, removed: 0, changed: 1 });
    const response = await t.get(`/api/project/changelog?projectId=${w.projectId}&limit=0`, {
      token: w.token,
    });
    expect(response.statusCode).toBe(400);
  });
});
