import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/clock.ts';
import { secretBoxOf } from '../../lib/secret-box.ts';
import { importDocs } from './torna-doc-import.ts';
import { importHistory } from './torna-history.ts';
import { countQuireRows, firstSuperAdmin, readIdMap } from './torna-import.repository.ts';
import { importEnums, importEnvironments } from './torna-module-content.ts';
import {
  importMembers,
  importModules,
  importOpenUsers,
  importProjects,
  importSpaces,
  importUsers,
} from './torna-org.ts';
import {
  importCompose,
  importConstants,
  importDebugScripts,
  importMessages,
  importMocks,
  importShares,
  importSubscriptions,
} from './torna-publish.ts';
import { importReleases } from './torna-releases.ts';
import { openSnapshotContents } from './torna-snapshot-source.ts';
import { ImportRun, type TableReport } from './torna-run.ts';
import { importTemplates } from './torna-templates.ts';
import {
  readTornaDatabase,
  TORNA_TABLES,
  type TornaSnapshot,
  TornaSourceError,
} from './torna-source.repository.ts';
import { note, reason, renderTorna } from './torna-messages.ts';
import type { TornaNote, TornaText } from '@quire/shared';

/**
 * `quire import-torna`: a whole Torna database into this Quire, in one transaction (docs/torna-import.md).
 * Read-only on Torna's side; a second run brings what changed since the first through `torna_id_map`.
 */

/** The property default of Torna's password salt (its configuration file), used when system_config has none. */
export const TORNA_DEFAULT_SALT = '@3dG%gm^uu&=.';

export interface TornaImportOptions {
  /** `mysql://user:password@host:3306/torna` */
  from: string;
  /** Report what would be brought, change nothing. */
  dryRun?: boolean;
  /** Torna's `torna.password.salt` property, for deployments that set it (else system_config, else the default). */
  salt?: string;
  /** QUIRE_SECRET_KEY, for sealing share passwords and open-user secrets as the server does. */
  secretKey?: string;
  /** Sees the run once it starts (the web's job reads its reports for progress: torna-import.job.ts). */
  onRun?: (run: ImportRun) => void;
  /** Stops the run at its next breath between steps or batches (torna-run.ts); nothing is written. */
  signal?: AbortSignal;
  /** The last statement of the import's transaction (a job's `claimCommit`); not called on a dry run. */
  beforeCommit?: (trx: Db) => Promise<void>;
}

export interface TornaImportReport {
  dryRun: boolean;
  version: number | null;
  tables: TableReport[];
  /** Rows in Quire's tables after the run (for a dry run: as the import would leave them). */
  quire: Record<string, number>;
  /** Keys of the `tornaReport` language pack with their arguments (torna-messages.ts). */
  notes: TornaNote[];
}

export { TornaSourceError } from './torna-source.repository.ts';

/** Tables Quire does not bring (yet), with why. */
const NOT_BROUGHT: Record<string, TornaText> = {
  gen_template2: reason('reason.unused'),
  system_i18n_config: reason('reason.language_packs'),
  ms_space_config: reason('reason.metersphere'),
  ms_module_config: reason('reason.metersphere'),
  system_login_token: reason('reason.login_tokens'),
};

export const QUIRE_TABLES = [
  'users',
  'spaces',
  'spaceMembers',
  'projects',
  'projectMembers',
  'modules',
  'moduleTokens',
  'openUsers',
  'enums',
  'moduleEnvironments',
  'docs',
  'constants',
  'shareConfigs',
  'composeProjects',
  'mockConfigs',
  'debugScripts',
  'docSubscriptions',
  'userMessages',
  'docRevisions',
  'releases',
  'releaseDocs',
  'releaseSubscriptions',
  'genTemplates',
] as const;

/** Thrown inside the transaction of a dry run so it rolls back. */
class DryRunDone extends Error {}

export async function importTorna(db: Db, options: TornaImportOptions): Promise<TornaImportReport> {
  const snapshot = await readTornaDatabase(options.from);
  // Torna's read transaction stays open while the import runs (the docs step reads doc_param batch by batch in
  // the same snapshot), and ends here whatever happens.
  try {
    return await importSnapshot(db, snapshot, options);
  } finally {
    await snapshot.close();
  }
}

async function importSnapshot(
  db: Db,
  snapshot: TornaSnapshot,
  options: TornaImportOptions,
): Promise<TornaImportReport> {
  if (snapshot.version !== null && snapshot.version > 13199)
    throw new TornaSourceError(
      `this Torna database is version ${snapshot.version}; the importer knows Torna up to 1.31 (13100)`,
      'torna.too_new',
      [String(snapshot.version)],
    );
  const salt = options.salt ?? snapshot.config.get('torna.password.salt') ?? TORNA_DEFAULT_SALT;
  const box = await secretBoxOf(db, options.secretKey);
  let result: TornaImportReport | undefined;
  const snapshots = await openSnapshotContents(options.from);
  try {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      const map = await readIdMap(trx);
      const run = new ImportRun(trx, snapshot, map, box, (await firstSuperAdmin(trx)) ?? '', now);
      run.signal = options.signal;
      options.onRun?.(run);
      if (snapshot.version === null) run.note(note('note.no_version'));
      for (const table of snapshot.missing) run.note(note('note.table_missing', table));
      await run.begin('user_info');
      await importUsers(run, salt);
      if (!run.owner)
        run.owner = (await firstSuperAdmin(trx)) ?? [...(map.get('user')?.values() ?? [])][0]?.quireId ?? '';
      if (!run.owner)
        throw new TornaSourceError(
          'no account to own the imported rows: Torna has no live user and Quire none',
          'torna.no_owner',
          [],
        );
      // Each step, in order (later ones find what earlier ones brought), named by the Torna table it begins with:
      // the phase a web job shows.
      const steps: Array<[string, () => Promise<void>]> = [
        ['space', () => importSpaces(run)],
        ['space_user', () => importMembers(run, 'space')],
        ['project', () => importProjects(run)],
        ['project_user', () => importMembers(run, 'project')],
        ['module', () => importModules(run)],
        ['open_user', () => importOpenUsers(run)],
        ['enum_info', () => importEnums(run)],
        ['module_environment', () => importEnvironments(run)],
        ['doc_info', () => importDocs(run)],
        ['doc_snapshot', () => importHistory(run, snapshots.read)],
        ['project_release', () => importReleases(run)],
        ['constant_info', () => importConstants(run)],
        ['share_config', () => importShares(run)],
        ['compose_project', () => importCompose(run)],
        ['mock_config', () => importMocks(run)],
        ['debug_script', () => importDebugScripts(run)],
        ['user_subscribe', () => importSubscriptions(run)],
        ['user_message', () => importMessages(run)],
        ['gen_template', () => importTemplates(run)],
      ];
      for (const [table, step] of steps) {
        await run.begin(table);
        await step();
      }
      for (const [table, why] of Object.entries(NOT_BROUGHT))
        run.leave(table, why, snapshot.counts.get(table) ?? 0);
      run.report('system_config').unchanged = 0;
      run.leave('system_config', reason('reason.settings'), snapshot.counts.get('system_config') ?? 0);
      const tables = TORNA_TABLES.map((table) => run.report(table));
      const quire = Object.fromEntries(await countQuireRows(trx, [...QUIRE_TABLES]));
      result = {
        dryRun: options.dryRun === true,
        version: snapshot.version,
        tables,
        quire,
        notes: run.notes,
      };
      if (options.dryRun) throw new DryRunDone();
      await options.beforeCommit?.(trx);
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  } finally {
    await snapshots.close();
  }
  if (!result) throw new Error('the import ended without a report');
  return result;
}

/**
 * The report as lines for the command line: one row per Torna table, then the notes. In English, like the
 * command's other lines (the web page renders the same keys in the reader's language).
 */
export function formatReport(report: TornaImportReport): string[] {
  const lines: string[] = [];
  lines.push(
    `Torna ${report.version ?? 'of unknown version'}${report.dryRun ? ' (dry run: nothing was changed)' : ''}`,
  );
  lines.push('table                       in Torna  added  updated  deleted  unchanged  left out');
  for (const t of report.tables) {
    const left = t.left.reduce((sum, reason) => sum + reason.count, 0);
    lines.push(
      `${t.table.padEnd(27)} ${String(t.torna).padStart(8)} ${String(t.added).padStart(6)} ${String(t.updated).padStart(8)} ${String(t.deleted).padStart(8)} ${String(t.unchanged).padStart(10)} ${String(left).padStart(9)}`,
    );
    for (const why of t.left) lines.push(`    ${why.count} left out: ${renderTorna(why)}`);
  }
  lines.push('', `In Quire ${report.dryRun ? 'now' : 'after the import'}:`);
  for (const [table, count] of Object.entries(report.quire)) lines.push(`  ${table.padEnd(22)} ${count}`);
  if (report.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const line of report.notes) lines.push(`  - ${renderTorna(line)}`);
  }
  return lines;
}
