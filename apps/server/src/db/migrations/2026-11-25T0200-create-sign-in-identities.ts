import type { Kysely } from 'kysely';

/**
 * Directory and OpenID Connect sign-in. `user_identities` links an external identity (LDAP: the directory's
 * user name; OIDC: issuer + subject) to a local account, so an account is never found by its user name alone
 * and a directory name equal to a local account's cannot take that account over. `oidc_states` holds the
 * state, nonce and PKCE verifier of a login in flight (rows, so any instance can finish it), and `login_keys`
 * the single-use keys of `/successLogin`; both keep only the sha256 of their random key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_identities_key', ['provider', 'issuer', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('oidc_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_keys').execute();
  await db.schema.dropTable('oidc_states').execute();
  await db.schema.dropTable('user_identities').execute();
}
