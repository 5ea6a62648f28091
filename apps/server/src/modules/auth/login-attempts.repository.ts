import type { Db } from '../../db/database.ts';

/** Records one failed login. */
export async function insertFailedLogin(
  db: Db,
  row: { id: string; usernameKey: string; ip: string; createdAt: string },
): Promise<void> {
  await db.insertInto('loginAttempts').values(row).execute();
}

/** Failed logins since `since` for an account and for an address, counted in one round trip each. */
export async function countFailedLogins(
  db: Db,
  usernameKey: string,
  ip: string,
  since: string,
): Promise<{ account: number; address: number }> {
  const [account, address] = await Promise.all([
    db
      .selectFrom('loginAttempts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('usernameKey', '=', usernameKey)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loginAttempts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('ip', '=', ip)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);
  return { account: Number(account.n), address: Number(address.n) };
}

/** A correct password clears the failures of that account from that address only. */
export async function clearFailedLogins(db: Db, usernameKey: string, ip: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('usernameKey', '=', usernameKey).where('ip', '=', ip).execute();
}

/** Drops records older than the window. */
export async function deleteOldLoginAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('loginAttempts').where('createdAt', '<', before).execute();
}
