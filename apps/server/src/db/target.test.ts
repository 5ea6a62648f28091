import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.ts';
import { describeTarget, targetOfUrl } from './target.ts';

describe('database URLs', () => {
  it('reads MySQL and MariaDB URLs as the mysql dialect, and hides their password in messages', () => {
    expect(targetOfUrl('mysql://quire:secret@db:3306/quire')).toEqual({
      kind: 'mysql',
      url: 'mysql://quire:secret@db:3306/quire',
    });
    // mysql2 reads only `mysql://`; the MariaDB spelling names the same protocol.
    expect(targetOfUrl('mariadb://quire:secret@db:3306/quire')).toEqual({
      kind: 'mysql',
      url: 'mysql://quire:secret@db:3306/quire',
    });
    expect(describeTarget(targetOfUrl('mysql://quire:secret@db:3306/quire'))).toBe(
      'MySQL mysql://quire:***@db:3306/quire',
    );
    expect(targetOfUrl('postgres://u@h/db').kind).toBe('postgres');
    expect(() => targetOfUrl('oracle://u@h/db')).toThrow(/mysql:\/\/user:pass@host:3306\/db/);
  });

  it('accepts a MySQL DATABASE_URL in the environment and refuses other schemes', () => {
    expect(loadEnv({ DATABASE_URL: 'mysql://root@127.0.0.1:3306/quire' }).DATABASE_URL).toBe(
      'mysql://root@127.0.0.1:3306/quire',
    );
    expect(() => loadEnv({ DATABASE_URL: 'oracle://u@h/db' })).toThrow(/mysql:\/\//);
  });
});
