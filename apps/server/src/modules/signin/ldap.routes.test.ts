import { Client } from 'ldapts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import {
  ADMIN_DN,
  ADMIN_PASSWORD,
  type Slapd,
  SUFFIX,
  slapdAvailable,
  startSlapd,
} from '../../../test/slapd-fixture.ts';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

const PORT = 7820;
const USERS = [
  { uid: 'alice', password: 'alice-pw', cn: 'Alice Liddell', mail: 'alice@quire.test' },
  { uid: 'carol', password: 'carol-directory-pw', cn: 'Carol Directory', mail: 'carol@quire.test' },
  { uid: 'dave', password: 'dave-pw', cn: 'Dave Admin', mail: 'dave@quire.test' },
];
const GROUPS = { 'quire-admins': ['dave'], developers: ['alice', 'dave'] };

interface Profile {
  id: string;
  username: string;
  nickname: string;
  email: string;
  source: string;
  isSuperAdmin: boolean;
}

describe.skipIf(!slapdAvailable())('LDAP sign-in against a real slapd', () => {
  let slapd: Slapd;
  beforeAll(async () => {
    slapd = await startSlapd(PORT, USERS, GROUPS);
  }, 30_000);
  afterAll(async () => {
    await slapd?.stop();
  });

  describe.each(testDialects())('on %s', (dialect) => {
    let t: TestApp;
    let root: string;
    const settings = () => ({
      enabled: true,
      url: slapd.url,
      bindDn: ADMIN_DN,
      bindPassword: ADMIN_PASSWORD,
      baseDn: SUFFIX,
      userFilter: '(uid=%s)',
    });
    beforeEach(async () => {
      t = await createTestApp(dialect);
      await t.createUser({ username: 'root', isSuperAdmin: true });
      root = await t.login('root');
    });
    afterEach(async () => {
      await t.close();
    });

    const configure = (extra: Record<string, unknown> = {}) =>
      expectOk(t.post('/api/admin/ldap/update', { ...settings(), ...extra }, { token: root }));
    const ldapLogin = (username: string, password: string) =>
      t.post('/api/user/login', { username, password, source: 'ldap' });
    const profileOf = (token: string) => expectOk<Profile>(t.get('/api/user/get', { token }));

    it('is refused while LDAP is off, and the login page is told which sources are on', async () => {
      await expectError(ldapLogin('alice', 'alice-pw'), 400, 'auth.source_disabled');
      expect((await expectOk<{ loginSources: string[] }>(t.get('/api/system/config'))).loginSources).toEqual([
        'register',
      ]);
      await configure();
      expect((await expectOk<{ loginSources: string[] }>(t.get('/api/system/config'))).loginSources).toEqual([
        'register',
        'ldap',
      ]);
      expect((await expectOk<{ enableLdap: boolean }>(t.get('/api/system/viewConfig'))).enableLdap).toBe(
        true,
      );
    });

    it('first login creates an account with source ldap; the wrong password and unknown users are refused', async () => {
      await configure();
      await expectError(ldapLogin('alice', 'wrong'), 401, 'auth.bad_credentials');
      await expectError(ldapLogin('nobody', 'alice-pw'), 401, 'auth.bad_credentials');
      // A filter metacharacter is escaped: `*` matches the name "*" only, not every user.
      await expectError(ldapLogin('*', 'alice-pw'), 401, 'auth.bad_credentials');
      const { token } = await expectOk<{ token: string }>(ldapLogin('alice', 'alice-pw'));
      const profile = await profileOf(token);
      expect(profile).toMatchObject({
        username: 'alice',
        nickname: 'Alice Liddell',
        email: 'alice@quire.test',
        source: 'ldap',
        isSuperAdmin: false,
      });
      // A directory account has no Quire password: the local source does not log it in.
      await expectError(
        t.post('/api/user/login', { username: 'alice', password: 'alice-pw' }),
        401,
        'auth.bad_credentials',
      );
    });

    it('later logins find the same account and update name and mail from the directory', async () => {
      await configure();
      const first = await profileOf(
        (await expectOk<{ token: string }>(ldapLogin('alice', 'alice-pw'))).token,
      );
      const admin = new Client({ url: slapd.url });
      await admin.bind(ADMIN_DN, ADMIN_PASSWORD);
      const dn = `uid=alice,ou=people,${SUFFIX}`;
      const { Attribute, Change } = await import('ldapts');
      await admin.modify(dn, [
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'cn', values: ['Alice Renamed'] }),
        }),
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'mail', values: ['a2@quire.test'] }),
        }),
      ]);
      try {
        const second = await profileOf(
          (await expectOk<{ token: string }>(ldapLogin('alice', 'alice-pw'))).token,
        );
        expect(second.id).toBe(first.id);
        expect(second).toMatchObject({ nickname: 'Alice Renamed', email: 'a2@quire.test', source: 'ldap' });
      } finally {
        await admin.modify(dn, [
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'cn', values: ['Alice Liddell'] }),
          }),
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'mail', values: ['alice@quire.test'] }),
          }),
        ]);
        await admin.unbind();
      }
    });

    it('never takes over a local account of the same name', async () => {
      const localId = await t.createUser({
        username: 'carol',
        password: 'carol-local-pw',
        isSuperAdmin: true,
      });
      await configure();
      const { token } = await expectOk<{ token: string }>(ldapLogin('carol', 'carol-directory-pw'));
      const directory = await profileOf(token);
      expect(directory.id).not.toBe(localId);
      expect(directory).toMatchObject({ username: 'carol@ldap', source: 'ldap', isSuperAdmin: false });
      // The local account keeps its own password, flag and name; the directory password does not open it.
      const local = await profileOf(await t.login('carol', 'carol-local-pw'));
      expect(local).toMatchObject({ id: localId, username: 'carol', source: 'register', isSuperAdmin: true });
      await expectError(
        t.post('/api/user/login', { username: 'carol', password: 'carol-directory-pw' }),
        401,
        'auth.bad_credentials',
      );
      // The next directory login finds the directory account again, not the local one.
      const again = await profileOf(
        (await expectOk<{ token: string }>(ldapLogin('carol', 'carol-directory-pw'))).token,
      );
      expect(again.id).toBe(directory.id);
    });

    it('an admin may link a local account to a directory user explicitly, and unlink it', async () => {
      const localId = await t.createUser({ username: 'carol', password: 'carol-local-pw' });
      await configure();
      const link = await expectOk<{ id: string; provider: string; subject: string }>(
        t.post(
          '/api/admin/user/identity/link',
          { userId: localId, provider: 'ldap', subject: 'Carol' },
          { token: root },
        ),
      );
      expect(link).toMatchObject({ provider: 'ldap', subject: 'carol' });
      // The same identity cannot be linked twice.
      const otherId = await t.createUser({ username: 'someone' });
      await expectError(
        t.post(
          '/api/admin/user/identity/link',
          { userId: otherId, provider: 'ldap', subject: 'carol' },
          { token: root },
        ),
        409,
        'identity.taken',
      );
      // Now the directory login opens the local account, updated from the directory.
      const linked = await profileOf(
        (await expectOk<{ token: string }>(ldapLogin('carol', 'carol-directory-pw'))).token,
      );
      expect(linked).toMatchObject({ id: localId, username: 'carol', nickname: 'Carol Directory' });
      const list = await expectOk<Array<{ id: string }>>(
        t.get(`/api/admin/user/identity/list?userId=${localId}`, { token: root }),
      );
      expect(list.map((row) => row.id)).toEqual([link.id]);
      await expectOk(t.post('/api/admin/user/identity/unlink', { id: link.id }, { token: root }));
      await expectError(
        t.post('/api/admin/user/identity/unlink', { id: link.id }, { token: root }),
        404,
        'identity.not_found',
      );
      // Unlinked: the directory user gets an account of their own again.
      const separate = await profileOf(
        (await expectOk<{ token: string }>(ldapLogin('carol', 'carol-directory-pw'))).token,
      );
      expect(separate.id).not.toBe(localId);
      // Only super admins link accounts.
      const plain = await t.login('someone');
      await expectError(
        t.post(
          '/api/admin/user/identity/link',
          { userId: otherId, provider: 'ldap', subject: 'alice' },
          { token: plain },
        ),
        403,
        'auth.forbidden',
      );
    });

    it('maps the admin group to super admin and groups to space roles', async () => {
      const space = await expectOk<{ id: string }>(
        t.post('/api/space/add', { name: 'Directory space' }, { token: root }),
      );
      await configure({
        adminGroup: 'quire-admins',
        spaceRoles: [{ group: `cn=developers,ou=groups,${SUFFIX}`, spaceId: space.id, role: 'dev' }],
      });
      const dave = await profileOf((await expectOk<{ token: string }>(ldapLogin('dave', 'dave-pw'))).token);
      const alice = await profileOf(
        (await expectOk<{ token: string }>(ldapLogin('alice', 'alice-pw'))).token,
      );
      expect(dave.isSuperAdmin).toBe(true);
      expect(alice.isSuperAdmin).toBe(false);
      const members = await expectOk<{
        list: Array<{ userId?: string; id?: string; roleCode?: string; role?: string }>;
      }>(
        t.post('/api/space/member/page', { spaceId: space.id, pageIndex: 1, pageSize: 20 }, { token: root }),
      );
      const roleOf = (id: string) => {
        const row = members.list.find((m) => (m.userId ?? m.id) === id);
        return row?.roleCode ?? row?.role;
      };
      expect(roleOf(alice.id)).toBe('dev');
      expect(roleOf(dave.id)).toBe('dev');
    });

    it('keeps the bind password encrypted and never sends it back', async () => {
      const answer = await configure();
      expect(answer).toMatchObject({ hasBindPassword: true, url: slapd.url });
      expect(JSON.stringify(answer)).not.toContain(ADMIN_PASSWORD);
      const rows = await t.db.selectFrom('systemConfig').select('value').execute();
      expect(rows.map((r) => r.value).join('\n')).not.toContain(ADMIN_PASSWORD);
      const read = await expectOk(t.get('/api/admin/ldap/get', { token: root }));
      expect(JSON.stringify(read)).not.toContain(ADMIN_PASSWORD);
      // Saving again without a password keeps the stored one: logins still work.
      await expectOk(t.post('/api/admin/ldap/update', { ...settings(), bindPassword: '' }, { token: root }));
      await expectOk(ldapLogin('alice', 'alice-pw'));
      // Only the fields sent change.
      const partial = await expectOk<{
        url: string;
        baseDn: string;
        adminGroup: string;
        hasBindPassword: boolean;
      }>(t.post('/api/admin/ldap/update', { adminGroup: 'quire-admins' }, { token: root }));
      expect(partial).toMatchObject({
        url: slapd.url,
        baseDn: SUFFIX,
        adminGroup: 'quire-admins',
        hasBindPassword: true,
      });
    });

    it('is for super admins only', async () => {
      await t.createUser({ username: 'plain' });
      const plain = await t.login('plain');
      await expectError(t.get('/api/admin/ldap/get', { token: plain }), 403, 'auth.forbidden');
      await expectError(t.post('/api/admin/ldap/test', settings(), { token: plain }), 403, 'auth.forbidden');
    });

    it('test connection says which step failed', async () => {
      const test = (body: Record<string, unknown>) =>
        t.post('/api/admin/ldap/test', { ...settings(), ...body }, { token: root });
      const good = await expectOk<{ steps: string[]; user: { dn: string; groups: string[] } }>(
        test({ testUsername: 'dave', groupFilter: '(member=%s)' }),
      );
      expect(good.steps).toEqual(['connect', 'bind', 'base', 'user', 'groups']);
      expect(good.user.dn).toBe(`uid=dave,ou=people,${SUFFIX}`);
      expect(good.user.groups).toContain('quire-admins');

      const refused = await test({ url: 'ldap://127.0.0.1:7829' });
      expect(refused.statusCode).toBe(502);
      expect(envelopeOf(refused).code).toBe('ldap.connect_failed');
      expect(envelopeOf(refused).msg).toMatch(/^Could not connect to the directory server: .*ECONNREFUSED/);

      const badBind = await test({ bindPassword: 'not-the-password' });
      expect(envelopeOf(badBind).code).toBe('ldap.bind_failed');
      expect(badBind.statusCode).toBe(400);

      const badBase = await test({ baseDn: 'dc=missing,dc=test' });
      expect(envelopeOf(badBase).code).toBe('ldap.base_not_found');

      const noUser = await test({ testUsername: 'nobody' });
      expect(envelopeOf(noUser).code).toBe('ldap.user_not_found');
      expect(envelopeOf(noUser).msg).toContain('(uid=nobody)');

      const zh = await t.post(
        '/api/admin/ldap/test',
        { ...settings(), bindPassword: 'x' },
        { token: root, lang: 'zh-CN' },
      );
      expect(envelopeOf(zh).msg).toMatch(/^绑定 DN 或其密码被拒绝/);

      const badUrl = await test({ url: 'http://127.0.0.1' });
      expect(envelopeOf(badUrl).code).toBe('validation.invalid_input');
      const badFilter = await test({ userFilter: '(uid=alice)' });
      expect(envelopeOf(badFilter).code).toBe('validation.invalid_input');
    });

    it('environment variables win over the settings and are shown as locked', async () => {
      const envApp = await createTestApp(dialect, {
        QUIRE_LDAP_URL: slapd.url,
        QUIRE_LDAP_BIND_DN: ADMIN_DN,
        QUIRE_LDAP_BIND_PASSWORD: ADMIN_PASSWORD,
        QUIRE_LDAP_BASE_DN: SUFFIX,
      });
      try {
        await envApp.createUser({ username: 'root', isSuperAdmin: true });
        const token = await envApp.login('root');
        const read = await expectOk<{ enabled: boolean; url: string; lockedFields: string[] }>(
          envApp.get('/api/admin/ldap/get', { token }),
        );
        expect(read.enabled).toBe(true);
        expect(read.url).toBe(slapd.url);
        expect(read.lockedFields).toEqual(
          expect.arrayContaining(['url', 'bindDn', 'bindPassword', 'baseDn', 'enabled']),
        );
        // Saving other values does not change the locked ones, and the env password is not stored.
        await expectOk(
          envApp.post('/api/admin/ldap/update', { url: 'ldap://elsewhere:389', enabled: false }, { token }),
        );
        const after = await expectOk<{ enabled: boolean; url: string }>(
          envApp.get('/api/admin/ldap/get', { token }),
        );
        expect(after).toMatchObject({ enabled: true, url: slapd.url });
        const rows = await envApp.db.selectFrom('systemConfig').select('value').execute();
        expect(rows.map((r) => r.value).join('\n')).not.toContain(ADMIN_PASSWORD);
        await expectOk(
          envApp.post('/api/user/login', { username: 'alice', password: 'alice-pw', source: 'ldap' }),
        );
      } finally {
        await envApp.close();
      }
    });
  });
});
