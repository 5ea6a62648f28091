import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgFixture, expectOk, type OrgFixture } from '../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDialects } from '../../test/test-databases.ts';
import { parseToken } from '../http/authenticate.ts';
import { sha256 } from '../lib/ids.ts';
import { listMembershipsOfUser } from './memberships.repository.ts';
import { findSessionWithMemberships } from './sessions.repository.ts';

/*
 * On PostgreSQL a logged-in request reads its session and its user's memberships in one statement
 * (sessions.repository.ts `findSessionWithMemberships`): it must answer exactly what the two separate reads
 * answer, and follow a role change and a logout at once (nothing is kept between requests).
 */
describe.each(testDialects().filter((d) => d === 'postgres'))('session with memberships on %s', (dialect) => {
  let t: TestApp;
  let f: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    f = await createOrgFixture(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const lookup = (token: string) => {
    const parts = parseToken(token);
    if (!parts) throw new Error('not a session token');
    return findSessionWithMemberships(t.db, parts.userId, sha256(parts.secret));
  };
  const sorted = <T>(rows: ReadonlyArray<T>) => [...rows].map((r) => JSON.stringify(r)).sort();

  it('answers the memberships the separate query answers, and follows a role change and a logout', async () => {
    const token = f.tokens.projectGuest as string;
    const userId = f.userIds.projectGuest as string;
    const found = await lookup(token);
    expect(found?.session.userId).toBe(userId);
    expect(found?.memberships.length).toBeGreaterThan(0);
    expect(sorted(found?.memberships ?? [])).toEqual(sorted(await listMembershipsOfUser(t.db, userId)));
    await expectOk(
      t.post('/api/project/member/remove', { projectId: f.privateProjectId, userId }, { token: f.rootToken }),
    );
    const after = await lookup(token);
    expect(after?.memberships.some((m) => m.targetId === f.privateProjectId)).toBe(false);
    expect(sorted(after?.memberships ?? [])).toEqual(sorted(await listMembershipsOfUser(t.db, userId)));
    // The root (a super admin) reads through the same statement.
    expect((await lookup(f.rootToken))?.session.username).toBeTruthy();
    await expectOk(t.post('/api/user/logout', {}, { token }));
    expect(await lookup(token)).toBeUndefined();
    expect((await t.get('/api/user/perm/get', { token })).json()).toMatchObject({ code: '1000' });
  });
});

describe('session with memberships elsewhere', () => {
  it('is left to the other paths on SQLite (hot reader) and MySQL (two queries)', async () => {
    const t = await createTestApp('sqlite');
    try {
      expect(findSessionWithMemberships(t.db, 'u', 'h')).toBeNull();
    } finally {
      await t.close();
    }
  });
});
