import type { ApiDoc } from '@quire/api-model';
import { type SourceTree, type SyncMode, sourceEntries } from '@quire/api-model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, docsWithDocument } from '../../../test/doc-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { columnsOf } from '../docs/doc-document.ts';
import { doc, folder, GOODS, syncTree, tree } from './doc-sync.fixture.ts';
import type { SyncInput } from './doc-sync.service.ts';
import type { StreamedTail } from './sync-input.ts';

/* The import's path into the sync: entries streamed from the worker, HTML and search columns prepared there. */
describe.each(testDialects())('doc sync of a streamed, prepared tree on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
  });

  const sync = (source: SourceTree, mode?: SyncMode, extra?: Partial<SyncInput>) =>
    syncTree(t.db, w.moduleId, source, mode, extra);
  const liveDocs = () =>
    t.db
      .selectFrom('docs')
      .select(['name'])
      .where('moduleId', '=', w.moduleId)
      .where('deletedAt', 'is', null)
      .execute();

  it('walks entries as they stream in, skipping a nameless folder with its subtree', async () => {
    const source = tree([folder('', [doc('Hidden', 'GET', '/hidden')]), ...GOODS().nodes]);
    async function* slowly() {
      for (const entry of sourceEntries(source.nodes)) {
        await new Promise((resolve) => setImmediate(resolve));
        yield entry;
      }
    }
    const result = await sync({ ...source, nodes: [] }, undefined, { entries: slowly(), docCount: 4 });
    expect(result.added).toBe(3);
    const names = (await liveDocs()).map((r) => r.name);
    expect(names).not.toContain('Hidden');
    expect(names).toContain('Refund');
  });

  it('writes a large tree in several flushes: every doc, its revision, order and folder, nothing twice', async () => {
    // 3 folders of 150 docs: the sync inserts rows while it walks (FLUSH_ROWS in doc-sync.service.ts), so a
    // later folder of the same name (a tag listed twice) finds the first one already written.
    const big = (n: number) =>
      Array.from({ length: 150 }, (_, i) => doc(`Op ${n}-${i}`, 'GET', `/f${n}/op/${i}`));
    const again = folder('F0', [doc('Late', 'GET', '/late')]);
    if (again.kind !== 'folder') throw new Error('fixture');
    again.description = 'described later';
    const source = tree([folder('F0', big(0)), folder('F1', big(1)), folder('F2', big(2)), again]);
    const result = await sync(source, { replace: false, override: false });
    expect(result.added).toBe(451);
    const rows = await docsWithDocument(t)
      .select(['id', 'name', 'parentId', 'isFolder', 'orderIndex', 'cur.snapshot as content'])
      .where('moduleId', '=', w.moduleId)
      .where('deletedAt', 'is', null)
      .execute();
    const folders = rows.filter((r) => r.isFolder === 1);
    expect(folders.map((r) => r.name).sort()).toEqual(['F0', 'F1', 'F2']);
    const f0 = folders.find((r) => r.name === 'F0');
    expect(JSON.parse(f0?.content ?? '{}').description).toBe('described later');
    const inF0 = rows.filter((r) => r.parentId === f0?.id);
    expect(inF0).toHaveLength(151);
    expect(new Set(inF0.map((r) => r.orderIndex)).size).toBe(151);
    const revisions = await t.db
      .selectFrom('docRevisions')
      .select(['docId'])
      .where(
        'docId',
        'in',
        rows.filter((r) => r.isFolder === 0).map((r) => r.id),
      )
      .execute();
    expect(revisions).toHaveLength(451);
    // The same tree again writes nothing.
    const twice = await sync(source, { replace: false, override: false });
    expect(twice).toMatchObject({ added: 0, updated: 0, unchanged: 451 });
  });

  it('inserts a row built ahead only from a tree the server prepared, and only for a new doc', async () => {
    const node = doc('Built', 'GET', '/built');
    if (node.kind !== 'doc') throw new Error('fixture');
    const columns = {
      name: 'Built',
      url: '/built',
      httpMethod: 'GET',
      type: 0,
      isShow: 1,
      deprecated: '$false$',
      author: 'ci-bot',
      contentType: '',
      content: JSON.stringify({ ...node.doc, description: 'built ahead' }),
      searchText: 'built ahead',
      searchWords: 'built ahead',
    };
    const planted = { ...node, ready: { columns, warnings: ['a warning of the worker'] } };
    const stored = () =>
      docsWithDocument(t)
        .select(['cur.snapshot as content', 'searchText'])
        .where('moduleId', '=', w.moduleId)
        .where('name', '=', 'Built')
        .executeTakeFirstOrThrow();
    // A push: the row it carries is ignored, the sync builds its own.
    await sync(tree([planted]));
    expect((await stored()).content).not.toContain('built ahead');
    // An import (the server prepared the tree): the row is inserted as built, its warnings kept.
    const other = {
      ...planted,
      doc: { ...node.doc, url: '/built-2' },
      ready: { ...planted.ready, columns: { ...columns, url: '/built-2' } },
    };
    const imported = await sync(tree([other]), { replace: false, override: false }, { sanitized: true });
    expect(imported.warnings).toContain('a warning of the worker');
    const rows = await docsWithDocument(t)
      .select(['cur.snapshot as content', 'searchText'])
      .where('moduleId', '=', w.moduleId)
      .where('searchText', '=', 'built ahead')
      .execute();
    expect(rows).toHaveLength(1);
    // A doc that matches one of the application is compared and updated by the sync, never replaced by it.
    const again = await sync(tree([planted]), { replace: false, override: false }, { sanitized: true });
    expect(again).toMatchObject({ added: 0, unchanged: 1 });
    expect((await stored()).searchText).not.toBe('built ahead');
  });

  it('sanitizes and indexes a pushed tree itself: search columns and "sanitized" come only from the import worker', async () => {
    const node = doc('Evil', 'GET', '/evil');
    if (node.kind !== 'doc') throw new Error('fixture');
    node.doc.description = '<img src=x onerror=alert(1)>Evil text';
    const planted = {
      text: 'planted words',
      words: 'planted',
      name: 'Evil',
      url: '/evil',
      author: 'ci-bot',
      description: node.doc.description,
    };
    await sync(tree([{ ...node, search: planted }]));
    const row = await docsWithDocument(t)
      .select(['cur.snapshot as content', 'searchText'])
      .where('moduleId', '=', w.moduleId)
      .where('name', '=', 'Evil')
      .executeTakeFirstOrThrow();
    expect(row.searchText).not.toContain('planted');
    expect(row.searchText).toContain('evil text');
    expect(row.content).not.toContain('onerror');
    // The import path: the worker sanitized the tree and computed the columns of the very document stored.
    const clean = doc('Clean', 'GET', '/clean');
    if (clean.kind !== 'doc') throw new Error('fixture');
    const ahead = { ...planted, name: 'Clean', url: '/clean', description: clean.doc.description };
    await sync(tree([{ ...clean, search: ahead }]), { replace: false, override: false }, { sanitized: true });
    const stored = await t.db
      .selectFrom('docs')
      .select(['searchText'])
      .where('moduleId', '=', w.moduleId)
      .where('name', '=', 'Clean')
      .executeTakeFirstOrThrow();
    expect(stored.searchText).toBe('planted words');
    // Rows of a prepared tree get their ids in the sync's own copy: unique even for twin names.
    const twins = doc('Twins', 'GET', '/twins');
    if (twins.kind !== 'doc') throw new Error('fixture');
    twins.doc.queryParams = [
      { ...(twins.doc.queryParams[0] as ApiDoc['queryParams'][number]), name: 'dup' },
      { ...(twins.doc.queryParams[0] as ApiDoc['queryParams'][number]), name: 'dup' },
    ];
    await sync(tree([twins]), { replace: false, override: false }, { sanitized: true });
    const content = await docsWithDocument(t)
      .select(['cur.snapshot as content'])
      .where('moduleId', '=', w.moduleId)
      .where('name', '=', 'Twins')
      .executeTakeFirstOrThrow();
    const rows = (JSON.parse(content.content) as ApiDoc).queryParams;
    expect(rows.map((row) => row.name)).toEqual(['dup', 'dup']);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
    expect(rows.every((row) => row.id.length === 16)).toBe(true);
  });
  it('syncs a streamed tree whole, its links named, when the application was written to meanwhile', async () => {
    // The worker linked the doc to a dictionary id of its choosing; the application holds a doc already, so
    // the sync waits for the tail, names the links and drops the prebuilt row.
    await sync(tree([doc('Kept', 'GET', '/kept')]), { replace: false, override: false });
    const linked = doc('Linked', 'GET', '/linked');
    if (linked.kind !== 'doc') throw new Error('fixture');
    linked.enumLinks = { 'queryParams.0': 'key-1' };
    const planted = columnsOf({ ...linked.doc, name: 'Planted' });
    linked.ready = { columns: planted, warnings: [] };
    async function* entries() {
      yield { parent: -1, node: folder('F', []) };
      yield { parent: 0, node: linked };
    }
    const tail: StreamedTail = {
      head: tree([], {
        enums: [
          {
            name: 'page size',
            description: '',
            items: [{ name: '10', type: 'number', value: '10', description: '' }],
          },
        ],
      }),
      enumIds: [['page size', 'worker-chosen']],
      names: { 'key-1': 'page size' },
      folderOrder: ['F'],
    };
    const result = await sync(
      tree([]),
      { replace: false, override: false },
      {
        entries: entries(),
        streamed: Promise.resolve(tail),
        sanitized: true,
      },
    );
    expect(result).toMatchObject({ added: 1, unchanged: 0 });
    const dictionary = await t.db
      .selectFrom('enums')
      .select('id')
      .where('moduleId', '=', w.moduleId)
      .where('name', '=', 'page size')
      .executeTakeFirstOrThrow();
    expect(dictionary.id).not.toBe('worker-chosen');
    const row = await docsWithDocument(t)
      .select(['name', 'cur.snapshot as content'])
      .where('moduleId', '=', w.moduleId)
      .where('url', '=', '/linked')
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Linked');
    expect((JSON.parse(row.content) as ApiDoc).queryParams[0]?.enumId).toBe(dictionary.id);
  });
});
