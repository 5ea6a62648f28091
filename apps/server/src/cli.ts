import { loadEnv } from './config/env.ts';
import { createDatabase, type Db, migrateToLatest } from './db/database.ts';
import { databaseTarget, describeTarget, targetOfUrl } from './db/target.ts';
import { backupToFile, restoreFromFile } from './db/backup-file.ts';
import { copyDatabase, type TableCount, TransferError } from './db/transfer.ts';
import { formatReport, importTorna, TornaSourceError } from './modules/torna-import/torna-import.service.ts';

/** A text with the password of every `scheme://user:password@host` in it replaced by `***`. */
export function maskUrlPasswords(text: string): string {
  return text.replace(/(\/\/[^\s/:@"']*:)[^\s@"']*@/g, '$1***@');
}
import { runDiffCommand } from './diff-command.ts';

export { runDiffCommand };

/**
 * The database commands of `quire` (bin/quire.mjs calls `runDatabaseCommand`): `migrate --to <url>`,
 * `backup <file>`, `restore <file>`; the target of `migrate` may come from QUIRE_MIGRATE_TO instead of
 * `--to`, which keeps its password out of the shell history and the process list. The current database is the one the server would open (DATABASE_URL,
 * else the SQLite file in QUIRE_DATA_DIR). Answers the exit status: 0 done, 1 refused or failed, 2 usage.
 */
export async function runDatabaseCommand(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const fail = (line: string, status = 1) => {
    // A mistyped URL is echoed back by the parser: never with its password.
    process.stderr.write(`quire ${command}: ${maskUrlPasswords(line)}\n`);
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
      const url = (at >= 0 ? rest[at + 1] : undefined) || process.env.QUIRE_MIGRATE_TO;
      if (!url) return fail('say where to: quire migrate --to <DATABASE_URL> (or set QUIRE_MIGRATE_TO)', 2);
      const target = targetOfUrl(url);
      out(`Copying ${describeTarget(current)} to ${describeTarget(target)}:`);
      summary(await copyDatabase(open(current), open(target), out));
      out('Done. Stop Quire, set DATABASE_URL to the new database, and start it again.');
      return 0;
    }
    if (command === 'import-torna') {
      const option = (name: string) => {
        const at = rest.indexOf(name);
        return at >= 0 ? rest[at + 1] : undefined;
      };
      const from = option('--from') || process.env.QUIRE_TORNA_URL;
      if (!from)
        return fail('say where Torna is: quire import-torna --from mysql://user:pass@host:3306/torna', 2);
      const dryRun = rest.includes('--dry-run');
      const db = open(current);
      await migrateToLatest(db);
      out(
        `${dryRun ? 'Reading' : 'Importing'} Torna ${maskUrlPasswords(from)} into ${describeTarget(current)}:`,
      );
      const report = await importTorna(db, {
        from,
        dryRun,
        salt: option('--salt'),
        secretKey: env.QUIRE_SECRET_KEY,
      });
      for (const line of formatReport(report)) out(line);
      out(dryRun ? 'Dry run: nothing was changed.' : 'Done.');
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
    if (error instanceof TransferError || error instanceof TornaSourceError) return fail(error.message);
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
