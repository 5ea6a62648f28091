import { strFromU8, unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { migrateToLatest } from '../../db/database.ts';
import { currentSchema } from '../../db/dialect.ts';
import { migrations } from '../../db/migrations/index.ts';

/*
 * A release freezes the folders and order of its docs (docs/releases.md, "Freezing"): its tree, a share of it
 * and its export stay as they were when it was made while the folders are renamed, moved, reordered and
 * deleted.
 */

interface Node {
  id: string;
  type: number;
  label: string;
  children?: Node[];
}

/** A tree as indented lines (`label` per node, two spaces a level): order and nesting, nothing else. */
function outline(nodes: ReadonlyArray<Node>, depth = 0): string[] {
  return nodes.flatMap((n) => [`${'  '.repeat(depth)}${n.label}`, ...outline(n.children ?? [], depth + 1)]);
}

/** Date-times an export may print (generation time): masked, so two exports compare by their content. */
const STAMP = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g;

function contentOf(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(200);
  const bytes = new Uint8Array(res.rawPayload);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const files = unzipSync(bytes);
    return Object.keys(files)
      .sort()
      .map((name) => `${name}\n${strFromU8(files[name] ?? new Uint8Array())}`)
      .join('\n')
      .replace(STAMP, '<time>');
  }
  return res.body.replace(STAMP, '<time>');
}

const FORMATS = ['markdown', 'html', 'word', 'openapi', 'postman'] as const;

describe.each(testDialects())('the folders and order a release froze on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let releaseId: string;
  let shareId: string;
  /** The application as it was when the release was made. */
  const atRelease = { exports: new Map<string, string>(), tree: [] as string[] };
  /** The release right after it was made. */
  const released = { exports: new Map<string, string>(), tree: [] as string[], menu: [] as string[] };

  const exportOf = (format: string, extra: Record<string, unknown> = {}) =>
    t.post('/api/doc/export', { format, moduleId: w.moduleId, ...extra }, { token: w.token, lang: 'en' });
  const liveTree = async () =>
    outline(
      await expectOk<Node[]>(
        t.get(`/api/doc/view/dataByProject?projectId=${w.projectId}`, { token: w.token }),
      ),
    );
  const releaseTree = async () =>
    outline(
      await expectOk<Node[]>(t.get(`/api/project/release/tree?releaseId=${releaseId}`, { token: w.token })),
    );
  const shareMenu = async () => outline(await expectOk<Node[]>(t.get(`/api/share/menu?id=${shareId}`)));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    w = await createDocWorld(t);
    const token = w.token;
    const folder = (name: string, parentId = '') =>
      expectOk<{ id: string }>(
        t.post('/api/doc/folder/add', { moduleId: w.moduleId, name, parentId }, { token }),
      );
    const doc = (name: string, url: string, parentId = '') =>
      saveDoc(t, token, { moduleId: w.moduleId, parentId, name, url, httpMethod: 'GET' });
    const orders = await folder('Orders');
    const refunds = await folder('Refunds', orders.id);
    const accounts = await folder('Accounts');
    const list = await doc('List orders', '/orders', orders.id);
    const get = await doc('Get order', '/orders/{id}', orders.id);
    const refund = await doc('Refund', '/orders/{id}/refund', refunds.id);
    await doc('Me', '/me', accounts.id);
    const health = await doc('Health', '/health');
    // Put "Get order" before "List orders": the order of docs, not their age, decides.
    await expectOk(t.post('/api/doc/move', { id: get.id, parentId: orders.id, orderIndex: 0 }, { token }));

    atRelease.tree = await liveTree();
    for (const format of FORMATS) atRelease.exports.set(format, contentOf(await exportOf(format)));
    releaseId = (
      await expectOk<{ id: string }>(
        t.post('/api/project/release/add', { projectId: w.projectId, releaseNo: '1.0' }, { token }),
      )
    ).id;
    shareId = (
      await expectOk<{ id: string }>(
        t.post('/api/doc/share/add', { moduleId: w.moduleId, type: 1, isAll: true, releaseId }, { token }),
      )
    ).id;
    released.tree = await releaseTree();
    released.menu = await shareMenu();
    for (const format of FORMATS)
      released.exports.set(format, contentOf(await exportOf(format, { releaseId })));

    // Reorganise: rename a folder, move a folder to the top, move docs to other folders, reorder, delete a
    // folder with its docs, add a folder.
    await expectOk(t.post('/api/doc/folder/update', { id: orders.id, name: 'Sales' }, { token }));
    await expectOk(t.post('/api/doc/move', { id: refunds.id, parentId: '', orderIndex: 0 }, { token }));
    await expectOk(t.post('/api/doc/move', { id: list.id, parentId: accounts.id, orderIndex: 0 }, { token }));
    await expectOk(t.post('/api/doc/move', { id: refund.id, parentId: '' }, { token }));
    await expectOk(t.post('/api/doc/delete', { id: accounts.id }, { token }));
    const later = await folder('Later');
    await expectOk(t.post('/api/doc/move', { id: health.id, parentId: later.id }, { token }));
  });
  afterAll(async () => {
    await t.close();
  });

  it("makes a release whose tree and export equal the application's at that moment", () => {
    // The application's node, then its folders and docs.
    expect(atRelease.tree.slice(1)).toEqual([
      '  Orders',
      '    Get order',
      '    Refunds',
      '      Refund',
      '    List orders',
      '  Accounts',
      '    Me',
      '  Health',
    ]);
    expect(released.tree).toEqual(atRelease.tree);
    expect(released.menu).toEqual(atRelease.tree.slice(1).map((line) => line.slice(2)));
    for (const format of FORMATS) expect(released.exports.get(format)).toBe(atRelease.exports.get(format));
  });

  it('keeps the tree, the share menu and every export of the release after the folders moved on', async () => {
    const now = await liveTree();
    expect(now).not.toEqual(atRelease.tree);
    expect(now.join('\n')).toContain('Sales');
    expect(now.join('\n')).not.toContain('Accounts');
    expect(await releaseTree()).toEqual(released.tree);
    expect(await shareMenu()).toEqual(released.menu);
    for (const format of FORMATS) {
      const live = contentOf(await exportOf(format));
      expect(live).not.toBe(atRelease.exports.get(format));
      expect(contentOf(await exportOf(format, { releaseId }))).toBe(released.exports.get(format));
    }
  });

  it('places the docs an update adds where they are at the update, the docs it kept where they were', async () => {
    const fresh = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Ping',
      url: '/ping',
      httpMethod: 'GET',
    });
    const bound = await expectOk<Array<{ id: string; children: Array<{ id: string; name: string }> }>>(
      t.post('/api/project/release/bind/list', { projectId: w.projectId, releaseId }, { token: w.token }),
    );
    // The docs deleted since (with their folder) can no longer be bound; the others stay frozen.
    const gone = new Set(['List orders', 'Me']);
    const ids = bound.flatMap((m) => m.children.filter((c) => !gone.has(c.name)).map((c) => c.id));
    await expectOk(
      t.post(
        '/api/project/release/update',
        { id: releaseId, moduleSourceIdMap: { [w.moduleId]: [...ids, fresh.id] } },
        { token: w.token },
      ),
    );
    const expected = released.tree.filter((line) => !/^ *(List orders|Me|Accounts)$/.test(line));
    expect(await releaseTree()).toEqual([...expected, '  Ping']);
  });

  it('gives a release made before the migration the tree its docs have when the migration runs', async () => {
    const before = await releaseTree();
    const schema = await currentSchema(t.db);
    const migrator = new Migrator({
      db: t.db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const down = await migrator.migrateTo('2026-11-28T0550-cache-versions');
    expect(down.error).toBeUndefined();
    await migrateToLatest(t.db);
    const after = await releaseTree();
    // The same docs, now in the folders they are in today (renamed "Sales", "Later").
    const names = new Set(['Get order', 'Refund', 'Health', 'Ping']);
    const docs = (lines: string[]) => lines.map((l) => l.trim()).filter((l) => names.has(l));
    expect(docs(before).sort()).toEqual([...names].sort());
    expect(docs(after).sort()).toEqual([...names].sort());
    expect(after).not.toEqual(before);
    expect(after).toContain('  Sales');
    expect(after).toContain('  Later');
    expect(after).not.toContain('  Orders');
  });
});
