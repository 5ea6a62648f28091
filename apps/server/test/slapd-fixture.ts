import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real OpenLDAP server for the LDAP tests: a temporary slapd.conf (mdb backend, Debian's schemas), seeded
 * with slapadd, listening on a loopback port, stopped after the tests. CI (`CI=true`) installs slapd
 * (.ci/run), so there a missing slapd fails the run; a developer machine without it skips with a message.
 */
const SLAPD = ['/usr/sbin/slapd', '/usr/bin/slapd'].find((p) => existsSync(p));
const SLAPADD = ['/usr/sbin/slapadd', '/usr/bin/slapadd'].find((p) => existsSync(p));
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/openldap'].find((p) =>
  existsSync(p),
);

export const SUFFIX = 'dc=quire,dc=test';
export const ADMIN_DN = `cn=admin,${SUFFIX}`;
export const ADMIN_PASSWORD = 'admin-secret';

/** Why the LDAP tests cannot run here, or undefined when they can. */
export function slapdMissing(): string | undefined {
  if (!SLAPD || !SLAPADD) return 'slapd is not installed (apt-get install slapd ldap-utils)';
  if (!existsSync(path.join(SCHEMA_DIR, 'inetorgperson.schema'))) return `no schemas in ${SCHEMA_DIR}`;
  return undefined;
}

/** Skip or fail when slapd is missing: CI must run the LDAP tests. */
export function slapdAvailable(): boolean {
  const missing = slapdMissing();
  if (!missing) return true;
  if (process.env.CI === 'true') throw new Error(`LDAP tests need slapd in CI: ${missing}`);
  console.warn(`Skipping the LDAP tests: ${missing}`);
  return false;
}

export interface SeedUser {
  uid: string;
  password: string;
  cn: string;
  mail: string;
}

export interface Slapd {
  url: string;
  stop(): Promise<void>;
}

function ldifOf(users: SeedUser[], groups: Record<string, string[]>): string {
  const blocks = [
    `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: quire\no: Quire test`,
    `dn: ou=people,${SUFFIX}\nobjectClass: organizationalUnit\nou: people`,
    `dn: ou=groups,${SUFFIX}\nobjectClass: organizationalUnit\nou: groups`,
    ...users.map(
      (u) =>
        `dn: uid=${u.uid},ou=people,${SUFFIX}\nobjectClass: inetOrgPerson\nuid: ${u.uid}\ncn: ${u.cn}\nsn: ${u.cn}\nmail: ${u.mail}\nuserPassword: ${u.password}`,
    ),
    ...Object.entries(groups).map(
      ([cn, members]) =>
        `dn: cn=${cn},ou=groups,${SUFFIX}\nobjectClass: groupOfNames\ncn: ${cn}\n${members
          .map((uid) => `member: uid=${uid},ou=people,${SUFFIX}`)
          .join('\n')}`,
    ),
  ];
  return `${blocks.join('\n\n')}\n`;
}

function waitForPort(port: number, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > until) reject(new Error(`slapd did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Starts slapd on `port` with the given users and groups (cn -> member uids). */
export async function startSlapd(
  port: number,
  users: SeedUser[],
  groups: Record<string, string[]>,
): Promise<Slapd> {
  if (!SLAPD || !SLAPADD) throw new Error('slapd missing');
  const dir = mkdtempSync(path.join(tmpdir(), 'quire-slapd-'));
  mkdirSync(path.join(dir, 'data'));
  const conf = path.join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      `include ${SCHEMA_DIR}/core.schema`,
      `include ${SCHEMA_DIR}/cosine.schema`,
      `include ${SCHEMA_DIR}/inetorgperson.schema`,
      MODULE_DIR ? `modulepath ${MODULE_DIR}` : '',
      MODULE_DIR && existsSync(path.join(MODULE_DIR, 'back_mdb.la')) ? 'moduleload back_mdb' : '',
      `pidfile ${dir}/slapd.pid`,
      'database mdb',
      'maxsize 10485760',
      `suffix "${SUFFIX}"`,
      `rootdn "${ADMIN_DN}"`,
      `rootpw ${ADMIN_PASSWORD}`,
      `directory ${dir}/data`,
      // Users may bind (auth) but not read passwords; everyone may read the rest.
      'access to attrs=userPassword by anonymous auth by * none',
      'access to * by * read',
      '',
    ].join('\n'),
  );
  const ldif = path.join(dir, 'seed.ldif');
  writeFileSync(ldif, ldifOf(users, groups));
  execFileSync(SLAPADD, ['-q', '-f', conf, '-l', ldif], { stdio: 'pipe' });
  // `-d 0` keeps slapd in the foreground, so it is this process's child and dies with `kill`.
  const child: ChildProcess = spawn(SLAPD, ['-d', '0', '-f', conf, '-h', `ldap://127.0.0.1:${port}/`], {
    stdio: 'ignore',
  });
  await waitForPort(port, 10_000);
  return {
    url: `ldap://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
