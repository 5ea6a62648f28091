import { loadEnv } from './config/env.ts';
import { createDatabase, type Db } from './db/database.ts';
import { databaseTarget, describeTarget, targetOfUrl } from './db/target.ts';
import {
  backupToFile,
  copyDatabase,
  restoreFromFile,
  type TableCount,
  TransferError,
} from './db/transfer.ts';
import { runDiffCommand } from './diff-command.ts';

export { runDiffCommand };

/**
 * The database commands of `quire` (bin/quire.mjs calls `runDatabaseCommand`): `migrate --to <url>`,
 * `backup <file>`, `restore <file>`. The current database is the one the server would open (DATABASE_URL,
 * else the SQLite file in QUIRE_DATA_DIR). Answers the exit status: 0 done, 1 refused or failed, 2 usage.
 */
export async function runDatabaseCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const fail = (line: string, status = 1) => {
    process.stderr.write(`quire ${command}: ${line}\n`);
    return status;
  };
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    return fail((error as Error).message, 2);
  }
  const current = databaseTarget(env);
  const opened: Db[] = [];
  const open = (target: ReturnType<typeof databaseTarget>) => {
    const db = createDatabase(target);
    opened.push(db);
    return db;
  };
  const summary = (counts: TableCount[]) => {
    const rows = counts.reduce((sum, c) => sum + c.target, 0);
    out(`${counts.length} tables, ${rows} rows; counts match on both sides.`);
  };
  try {
    if (command === 'migrate') {
      const at = rest.indexOf('--to');
      const url = at >= 0 ? rest[at + 1] : undefined;
      if (!url) return fail('say where to: quire migrate --to <DATABASE_URL>', 2);
      const target = targetOfUrl(url);
      out(`Copying ${describeTarget(current)} to ${describeTarget(target)}:`);
      summary(await copyDatabase(open(current), open(target), out));
      out('Done. Stop Quire, set DATABASE_URL to the new database, and start it again.');
      return 0;
    }
    const file = rest[0];
    if (!file) return fail(`say which file: quire ${command} <file>`, 2);
    if (command === 'backup') {
      out(`Backing up ${describeTarget(current)} to ${file}:`);
      summary(await backupToFile(open(current), file, out));
      return 0;
    }
    if (command === 'restore') {
      out(`Restoring ${file} into ${describeTarget(current)}:`);
      summary(await restoreFromFile(open(current), file, out));
      return 0;
    }
    return fail(`unknown command "${command}"`, 2);
  } catch (error) {
    if (error instanceof TransferError) return fail(error.message);
    return fail(error instanceof Error ? error.message : String(error));
  } finally {
    await Promise.all(opened.map((db) => db.destroy()));
  }
}

// Run directly (`tsx src/cli.ts migrate --to ...`, or the bundle `dist/cli.js`).
if (process.argv[1] && /cli\.(ts|js)$/.test(process.argv[1])) {
  const argv = process.argv.slice(2);
  process.exitCode =
    argv[0] === 'diff' ? await runDiffCommand(argv.slice(1)) : await runDatabaseCommand(argv);
}
