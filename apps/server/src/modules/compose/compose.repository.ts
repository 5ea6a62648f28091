import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ComposeDocsTable, ComposePagesTable, ComposeProjectsTable, Database } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export type ComposeProjectRow = Selectable<ComposeProjectsTable> & { creatorName: string | null };
export type ComposeEntryRow = Selectable<ComposeDocsTable> & { creatorName: string | null };
export type ComposePageRow = Selectable<ComposePagesTable>;

function selectProjects(db: Executor) {
  return db
    .selectFrom('composeProjects')
    .innerJoin('spaces', 'spaces.id', 'composeProjects.spaceId')
    .leftJoin('users', 'users.id', 'composeProjects.creatorId')
    .selectAll('composeProjects')
    .select('users.nickname as creatorName')
    .where('spaces.deletedAt', 'is', null);
}

/** A composed project of a live space. */
export function findComposeProject(db: Executor, id: string): Promise<ComposeProjectRow | undefined> {
  return selectProjects(db).where('composeProjects.id', '=', id).executeTakeFirst();
}

export function listComposeProjects(db: Executor, spaceId: string): Promise<ComposeProjectRow[]> {
  return selectProjects(db)
    .where('composeProjects.spaceId', '=', spaceId)
    .orderBy('composeProjects.createdAt')
    .orderBy('composeProjects.id')
    .execute();
}

export async function insertComposeProject(
  db: Executor,
  row: Insertable<ComposeProjectsTable>,
): Promise<void> {
  await db.insertInto('composeProjects').values(row).execute();
}

export async function updateComposeProject(
  db: Executor,
  id: string,
  changes: Updateable<ComposeProjectsTable>,
): Promise<void> {
  await db.updateTable('composeProjects').set(changes).where('id', '=', id).execute();
}

export async function deleteComposeProject(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('composeDocs').where('projectId', '=', id).execute();
  await db.deleteFrom('composePages').where('projectId', '=', id).execute();
  await db.deleteFrom('composeProjects').where('id', '=', id).execute();
}

/** The entries of a composed project, in order. */
export function listEntries(db: Executor, projectId: string): Promise<ComposeEntryRow[]> {
  return db
    .selectFrom('composeDocs')
    .leftJoin('users', 'users.id', 'composeDocs.creatorId')
    .selectAll('composeDocs')
    .select('users.nickname as creatorName')
    .where('composeDocs.projectId', '=', projectId)
    .orderBy('composeDocs.orderIndex')
    .orderBy('composeDocs.createdAt')
    .orderBy('composeDocs.id')
    .execute();
}

export function findEntry(db: Executor, id: string): Promise<Selectable<ComposeDocsTable> | undefined> {
  return db.selectFrom('composeDocs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEntries(
  db: Executor,
  rows: ReadonlyArray<Insertable<ComposeDocsTable>>,
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('composeDocs')
      .values([...rows])
      .execute();
}

export async function updateEntry(
  db: Executor,
  id: string,
  changes: Updateable<ComposeDocsTable>,
): Promise<void> {
  await db.updateTable('composeDocs').set(changes).where('id', '=', id).execute();
}

export async function deleteEntries(db: Executor, ids: ReadonlyArray<string>): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('composeDocs')
      .where('id', 'in', [...ids])
      .execute();
}

/** A live referenced doc as the composed project shows it (light columns, with its application). */
export interface LiveDocRow {
  id: string;
  moduleId: string;
  isFolder: number;
  isShow: number;
  name: string;
  url: string;
  httpMethod: string;
  type: number;
  deprecated: string;
  moduleName: string;
  projectName: string;
  spaceName: string;
}

/** The live docs among `ids` (of live applications, projects and spaces). */
export async function findLiveDocs(db: Executor, ids: ReadonlyArray<string>): Promise<LiveDocRow[]> {
  const out: LiveDocRow[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('docs')
        .innerJoin('modules', 'modules.id', 'docs.moduleId')
        .innerJoin('projects', 'projects.id', 'modules.projectId')
        .innerJoin('spaces', 'spaces.id', 'projects.spaceId')
        .select([
          'docs.id',
          'docs.moduleId',
          'docs.isFolder',
          'docs.isShow',
          'docs.name',
          'docs.url',
          'docs.httpMethod',
          'docs.type',
          'docs.deprecated',
          'modules.name as moduleName',
          'projects.name as projectName',
          'spaces.name as spaceName',
        ])
        .where('docs.id', 'in', ids.slice(i, i + 500))
        .where('docs.deletedAt', 'is', null)
        .where('modules.deletedAt', 'is', null)
        .where('projects.deletedAt', 'is', null)
        .where('spaces.deletedAt', 'is', null)
        .execute()),
    );
  }
  return out;
}

export function listPages(db: Executor, projectId: string): Promise<ComposePageRow[]> {
  return db
    .selectFrom('composePages')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('orderIndex')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export function findPage(db: Executor, id: string): Promise<ComposePageRow | undefined> {
  return db.selectFrom('composePages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPage(db: Executor, row: Insertable<ComposePagesTable>): Promise<void> {
  await db.insertInto('composePages').values(row).execute();
}

export async function updatePage(
  db: Executor,
  id: string,
  changes: Updateable<ComposePagesTable>,
): Promise<void> {
  await db.updateTable('composePages').set(changes).where('id', '=', id).execute();
}

export async function deletePage(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('composePages').where('id', '=', id).execute();
}
