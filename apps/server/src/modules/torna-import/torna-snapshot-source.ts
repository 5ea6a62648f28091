import mysql from 'mysql2/promise';
import { maskedUrl, TornaSourceError } from './torna-source.repository.ts';

/**
 * The contents of Torna's snapshots (`doc_snapshot.content`), read by id in batches while the history step runs,
 * so a large Torna's history is never held in memory at once. A snapshot is never changed once written (Torna
 * only deletes the oldest ones), so reading it after the main consistent read sees what that read would have;
 * one deleted meanwhile is simply absent from the answer.
 */
export type SnapshotContents = (ids: string[]) => Promise<Map<string, string>>;

/** A reader of snapshot contents on the Torna database of `rawUrl`; `close` ends its connection. */
export async function openSnapshotContents(
  rawUrl: string,
): Promise<{ read: SnapshotContents; close: () => Promise<void> }> {
  let connection: mysql.Connection | undefined;
  const open = async () => {
    if (connection) return connection;
    try {
      connection = await mysql.createConnection({
        uri: rawUrl.replace(/^mariadb:/i, 'mysql:'),
        supportBigNumbers: true,
        bigNumberStrings: true,
        charset: 'utf8mb4',
        connectTimeout: 10_000,
      });
    } catch (error) {
      throw new TornaSourceError(`reading Torna’s snapshots failed: ${maskedUrl((error as Error).message)}`);
    }
    return connection;
  };
  return {
    read: async (ids) => {
      const out = new Map<string, string>();
      if (ids.length === 0) return out;
      const db = await open();
      const [rows] = await db.query<mysql.RowDataPacket[]>(
        'select id, content from doc_snapshot where id in (?)',
        [ids],
      );
      for (const row of rows) out.set(String(row.id), String(row.content ?? ''));
      return out;
    },
    close: async () => {
      await connection?.end().catch(() => undefined);
    },
  };
}
