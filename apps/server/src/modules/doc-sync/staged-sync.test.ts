import { type SourceEntry, sourceEntries } from '@quire/api-model';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';
import { newId } from '../../lib/ids.ts';
import { doc, folder, tree } from './doc-sync.fixture.ts';
import { discardStagedImport, stageModuleDocs, sweepStagedImports } from './staged-sync.ts';

/*
 * A first import writes its application hidden in short transactions and publishes it with one
 * (staged-sync.ts). Proved here with an import held between two of its batches: nothing of it shows, another
 * user's save commits meanwhile, an interrupted attempt's rows are discarded, and a cancel stops it.
 */
describe.each(testDialects())('a staged first import on %s', (dialect) => {
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

  const DOCS = 300;
  const source = tree([
    folder(
      'Staged',
      Array.from({ length: DOCS }, (_, i) => doc(`Staged op ${i}`, 'GET', `/staged/${i}`)),
    ),
  ]);

  /** A hidden application being built by `jobId`, as a first import's start creates it (imports.service.ts). */
  async function stagedModule(jobId: string): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    await t.db
      .insertInto('modules')
      .values({
        id,
        projectId: w.projectId,
        name: `Imported ${id}`,
        type: 1,
        orderIndex: 99_000,
        settings: '{}',
        creatorId: w.userId,
        createdAt: now,
        updatedAt: now,
        deletedAt: now,
        deletedBy: w.userId,
        stagedJobId: jobId,
      })
      .execute();
    return id;
  }

  /** The tree's entries, held after `holdAt` of them (two flushes of rows are committed by then) until `gate`. */
  async function* heldEntries(
    holdAt: number,
    reached: () => void,
    gate: Promise<void>,
  ): AsyncGenerator<SourceEntry> {
    let n = 0;
    for (const entry of sourceEntries(source.nodes)) {
      if (n++ === holdAt) {
        reached();
        await gate;
      }
      yield entry;
    }
  }

  function stage(moduleId: string, jobId: string, entries: AsyncIterable<SourceEntry>) {
    return stageModuleDocs(
      t.db,
      {
        moduleId,
        tree: { ...source, nodes: [] },
        entries,
        docCount: DOCS,
        mode: { replace: true, override: false },
        source: 'import',
        actorId: w.userId,
        author: 'importer',
      },
      jobId,
    );
  }

  const rowsOf = async (moduleId: string) =>
    Number(
      (
        await t.db
          .selectFrom('docs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('moduleId', '=', moduleId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  function held() {
    let reached!: () => void;
    let release!: () => void;
    const between = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return { reached, release, between, gate };
  }

  it('shows nothing of an import between its batches, lets another user save meanwhile, then publishes it whole', async () => {
    const jobId = newId();
    const moduleId = await stagedModule(jobId);
    const hold = held();
    const importing = stage(moduleId, jobId, heldEntries(250, hold.reached, hold.gate));
    await hold.between;
    // Rows are committed (in short transactions): the import is really between two of its batches.
    expect(await rowsOf(moduleId)).toBeGreaterThan(0);
    // ... and none of them shows: not the application, not its tree, not its docs, not in search.
    const modules = await expectOk<Array<{ id: string }>>(
      t.get(`/api/module/list?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(modules.map((m) => m.id)).not.toContain(moduleId);
    const projectTree = await t.get(`/api/doc/view/dataByProject?projectId=${w.projectId}`, {
      token: w.token,
    });
    expect(projectTree.body).not.toContain('Staged op');
    const list = await t.get(`/api/doc/list?moduleId=${moduleId}`, { token: w.token });
    expect(list.body).not.toContain('Staged op');
    const found = await t.get(`/api/doc/search?q=${encodeURIComponent('Staged op')}&limit=20`, {
      token: w.token,
    });
    expect(found.body).not.toContain('Staged op');
    // Another user saves a doc of theirs while the import is held: on SQLite this needs the one writer, which
    // the import does not hold between its batches (the gate opens only after the save answered).
    const other = await createDocWorld(t);
    const saved = await saveDoc(t, other.token, {
      moduleId: other.moduleId,
      name: 'Saved meanwhile',
      url: '/meanwhile',
      httpMethod: 'GET',
    });
    expect(saved.revision).toBe(1);
    hold.release();
    const result = await importing;
    expect(result.added).toBe(DOCS);
    const published = await expectOk<Array<{ id: string }>>(
      t.get(`/api/module/list?projectId=${w.projectId}`, { token: w.token }),
    );
    expect(published.map((m) => m.id)).toContain(moduleId);
    const docs = await expectOk<Array<{ isFolder: boolean }>>(
      t.get(`/api/doc/list?moduleId=${moduleId}`, { token: w.token }),
    );
    expect(docs.filter((d) => !d.isFolder)).toHaveLength(DOCS);
    const row = await t.db
      .selectFrom('modules')
      .select(['deletedAt', 'stagedJobId'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ deletedAt: null, stagedJobId: null });
  });

  it("discards an interrupted attempt's rows: the job's next attempt imports each doc once, the sweep at start empties an abandoned one", async () => {
    const jobId = newId();
    const moduleId = await stagedModule(jobId);
    async function* failing(): AsyncGenerator<SourceEntry> {
      let n = 0;
      for (const entry of sourceEntries(source.nodes)) {
        if (n++ === 250) throw new Error('the process died here');
        yield entry;
      }
    }
    await expect(stage(moduleId, jobId, failing())).rejects.toThrow('the process died here');
    expect(await rowsOf(moduleId)).toBeGreaterThan(0);
    // The next attempt of the same job starts clean.
    const again = await stage(
      moduleId,
      jobId,
      (async function* () {
        yield* sourceEntries(source.nodes);
      })(),
    );
    expect(again.added).toBe(DOCS);
    expect(await rowsOf(moduleId)).toBe(DOCS + 1);
    const revisions = await t.db
      .selectFrom('docRevisions')
      .innerJoin('docs', 'docs.id', 'docRevisions.docId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('docs.moduleId', '=', moduleId)
      .executeTakeFirstOrThrow();
    // One per doc and one for the folder, which keeps its document in a revision too (migration 2026-11-29T0030).
    expect(Number(revisions.n)).toBe(DOCS + 1);

    // An application whose job is gone (it failed while the process died): the sweep at start empties it and
    // leaves it as a failed first import always did, deleted and empty.
    const abandoned = await stagedModule(newId());
    const abandonedJob =
      (
        await t.db
          .selectFrom('modules')
          .select('stagedJobId')
          .where('id', '=', abandoned)
          .executeTakeFirstOrThrow()
      ).stagedJobId ?? '';
    await expect(stage(abandoned, abandonedJob, failing())).rejects.toThrow();
    expect(await rowsOf(abandoned)).toBeGreaterThan(0);
    expect(await sweepStagedImports(t.db)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(abandoned)).toBe(0);
    const row = await t.db
      .selectFrom('modules')
      .select(['deletedAt', 'stagedJobId'])
      .where('id', '=', abandoned)
      .executeTakeFirstOrThrow();
    expect(row.stagedJobId).toBeNull();
    expect(row.deletedAt).not.toBeNull();
  });

  it('stops an import cancelled between its batches and leaves nothing of it', async () => {
    const jobId = newId();
    const moduleId = await stagedModule(jobId);
    const hold = held();
    const importing = stage(moduleId, jobId, heldEntries(250, hold.reached, hold.gate));
    const failed = importing.then(
      () => 'published',
      (error: unknown) => (error as Error).message,
    );
    await hold.between;
    let softDeleted = false;
    const { discarded } = await discardStagedImport(t.db, moduleId, jobId, async () => {
      softDeleted = true;
    });
    await discarded;
    hold.release();
    expect(await failed).toContain('discarded');
    expect(softDeleted).toBe(false);
    expect(await rowsOf(moduleId)).toBe(0);
    const row = await t.db
      .selectFrom('modules')
      .select(['deletedAt', 'stagedJobId'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();
    expect(row.stagedJobId).toBeNull();
    expect(row.deletedAt).not.toBeNull();
  });
});
