import { newId, sha256 } from '../../lib/ids.ts';
import { tornaPasswordHash } from '../../lib/torna-password.ts';
import { defaultModuleSettings } from '../modules/module-settings.service.ts';
import { pushTokenHash } from '../open-api/module-tokens.service.ts';
import {
  insertRows,
  memberKeys,
  openUserKeys,
  removeMember,
  setMemberRole,
  tokenHashes,
  userIdsByKey,
} from './torna-import.repository.ts';
import { fingerprint, flag, groupBy, id, int, live, text, time } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import { bringOnce, Reason } from './torna-steps.ts';
import { note, reason } from './torna-messages.ts';

/* Users, spaces, projects, their members, applications (settings, push tokens) and open users; what an
   application holds besides docs (dictionaries, environments) is in torna-module-content.ts. */

const ROLES = new Set(['guest', 'dev', 'admin']);
const SOURCES_WITH_PASSWORD = new Set(['register', 'backend']);

export async function importUsers(run: ImportRun, salt: string): Promise<void> {
  const keys = await userIdsByKey(run.db);
  for (const row of run.rows('user_info')) {
    const username = text(row, 'username').trim();
    await bringOnce(
      run,
      'user_info',
      'user',
      row,
      async () => {
        if (!username) {
          run.leave('user_info', reason('reason.no_username'));
          return undefined;
        }
        const key = username.toLowerCase();
        const existing = keys.get(key);
        if (existing) {
          // The account exists in Quire (the first super admin, a second run after a restore, two Torna
          // names differing only in case): the Torna user becomes that account; its password is not touched.
          run.note(note('note.user_matched', username));
          return existing;
        }
        const source = text(row, 'source', 'register') || 'register';
        const status = [0, 1, 2].includes(int(row, 'status', 1)) ? int(row, 'status', 1) : 1;
        const quireId = newId();
        await insertRows(run.db, 'users', [
          {
            id: quireId,
            username,
            usernameKey: key,
            nickname: text(row, 'nickname').slice(0, 64) || username,
            email: text(row, 'email'),
            avatar: '',
            // Accounts of a directory or OAuth have a random password in Torna: they sign in where they did.
            passwordHash: SOURCES_WITH_PASSWORD.has(source)
              ? tornaPasswordHash(salt, text(row, 'password'))
              : '',
            status,
            mustSetPassword: status === 2 ? 1 : 0,
            source,
            isSuperAdmin: flag(row, 'is_super_admin'),
            lang: null,
            createdAt: time(row, 'gmt_create', run.now),
            updatedAt: time(row, 'gmt_modified', run.now),
          },
        ]);
        if (source === 'ldap')
          await insertRows(run.db, 'userIdentities', [
            {
              id: newId(),
              userId: quireId,
              provider: 'ldap',
              issuer: '',
              subject: username,
              createdAt: run.now,
              lastLoginAt: run.now,
            },
          ]);
        else if (!SOURCES_WITH_PASSWORD.has(source)) run.note(note('note.user_external', username, source));
        keys.set(key, quireId);
        return quireId;
      },
      { ...row, password: text(row, 'password') },
    );
  }
  run.leave('user_dingtalk_info', reason('reason.dingtalk'), run.rows('user_dingtalk_info').length);
  run.leave('user_wecom_info', reason('reason.wecom'), run.rows('user_wecom_info').length);
}

export async function importSpaces(run: ImportRun): Promise<void> {
  for (const row of run.rows('space')) {
    await bringOnce(run, 'space', 'space', row, async () => {
      const quireId = newId();
      await insertRows(run.db, 'spaces', [
        {
          id: quireId,
          name: text(row, 'name').slice(0, 64) || `#${id(row)}`,
          isCompose: flag(row, 'is_compose'),
          // Never granted by an import: a super admin grants internal access in Quire (docs/debug.md).
          internalAccess: 0,
          creatorId: run.userOr(id(row, 'creator_id')),
          createdAt: time(row, 'gmt_create', run.now),
          updatedAt: time(row, 'gmt_modified', run.now),
          deletedAt: null,
          deletedBy: null,
        },
      ]);
      return quireId;
    });
  }
}

export async function importProjects(run: ImportRun): Promise<void> {
  for (const row of run.rows('project')) {
    await bringOnce(run, 'project', 'project', row, async () => {
      const spaceId = run.quireId('space', id(row, 'space_id'));
      if (!spaceId) {
        run.leave('project', reason('reason.orphan_space'));
        return undefined;
      }
      const quireId = newId();
      await insertRows(run.db, 'projects', [
        {
          id: quireId,
          spaceId,
          name: text(row, 'name').slice(0, 64) || `#${id(row)}`,
          description: text(row, 'description'),
          isPrivate: flag(row, 'is_private'),
          creatorId: run.userOr(id(row, 'creator_id')),
          createdAt: time(row, 'gmt_create', run.now),
          updatedAt: time(row, 'gmt_modified', run.now),
          deletedAt: null,
          deletedBy: null,
        },
      ]);
      return quireId;
    });
  }
}

/**
 * Members of spaces and projects. Unlike other rows, a later run follows Torna: a new member is added, a
 * changed role is set and a member removed in Torna is removed, unless Quire changed that membership itself.
 */
export async function importMembers(run: ImportRun, scope: 'space' | 'project'): Promise<void> {
  const table = `${scope}_user`;
  const kind = `${scope}_member`;
  const existing = (await memberKeys(run.db))[scope];
  for (const row of run.rows(table)) {
    const scopeId = run.quireId(scope, id(row, `${scope}_id`));
    const userId = run.quireId('user', id(row, 'user_id'));
    const role = text(row, 'role_code');
    const known = run.mapped(kind, id(row));
    const print = fingerprint({ scopeId, userId, role, live: live(row) });
    if (known) {
      if (known.fingerprint === print) {
        run.report(table).unchanged++;
        continue;
      }
      const [knownScope, knownUser] = known.quireId.split(' ');
      if (!knownScope || !knownUser) continue;
      if (!live(row) || !scopeId || !userId) {
        await removeMember(run.db, scope, knownScope, knownUser);
        await run.remember(kind, id(row), known.quireId, print);
        run.report(table).deleted++;
      } else if (ROLES.has(role)) {
        await setMemberRole(run.db, scope, knownScope, knownUser, role);
        await run.remember(kind, id(row), known.quireId, print);
        run.report(table).updated++;
      }
      continue;
    }
    if (!live(row)) {
      run.leave(table, Reason.softDeleted);
      continue;
    }
    if (!scopeId || !userId) {
      run.leave(
        table,
        reason(scope === 'space' ? 'reason.orphan_space_member' : 'reason.orphan_project_member'),
      );
      continue;
    }
    if (!ROLES.has(role)) {
      run.leave(table, reason('reason.unknown_role', role));
      continue;
    }
    const pair = `${scopeId} ${userId}`;
    if (!existing.has(pair)) {
      const joinTime = time(row, 'gmt_create', run.now);
      if (scope === 'space')
        await insertRows(run.db, 'spaceMembers', [{ spaceId: scopeId, userId, role, joinTime }]);
      else await insertRows(run.db, 'projectMembers', [{ projectId: scopeId, userId, role, joinTime }]);
      existing.add(pair);
    }
    await run.remember(kind, id(row), pair, print);
    run.report(table).added++;
  }
}

/** An application's settings from its `module_config` common rows (type 0). */
function settingsOf(rows: ReturnType<ImportRun['rows']>): { settings: string; left: string[] } {
  const settings = JSON.parse(defaultModuleSettings()) as Record<string, unknown>;
  const left: string[] = [];
  for (const row of rows) {
    if (int(row, 'type') !== 0) {
      left.push(`legacy setting type ${int(row, 'type')}`);
      continue;
    }
    const key = text(row, 'config_key');
    const value = text(row, 'config_value').trim();
    if (key === 'torna.push.override' || key === 'torna.push.print-content') settings[key] = value === 'true';
    else if (key === 'allow-methods') {
      const methods = value
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter((m) => ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'].includes(m));
      if (methods.length > 0) settings.swaggerSetting = { allowMethods: methods };
    } else left.push(key.startsWith('debughost_') ? 'legacy debug host' : key);
  }
  return { settings: JSON.stringify(settings), left };
}

export async function importModules(run: ImportRun): Promise<void> {
  const configs = groupBy(run.rows('module_config'), 'module_id');
  const tokens = await tokenHashes(run.db);
  for (const row of run.rows('module')) {
    await bringOnce(run, 'module', 'module', row, async () => {
      const projectId = run.quireId('project', id(row, 'project_id'));
      if (!projectId) {
        run.leave('module', reason('reason.orphan_project'));
        return undefined;
      }
      const quireId = newId();
      const { settings, left } = settingsOf(configs.get(id(row)) ?? []);
      for (const key of left) run.leave('module_config', reason('reason.config_not_brought', key));
      run.report('module_config').added += (configs.get(id(row)) ?? []).length - left.length;
      await insertRows(run.db, 'modules', [
        {
          id: quireId,
          projectId,
          name: text(row, 'name').slice(0, 64) || `#${id(row)}`,
          type: int(row, 'type'),
          orderIndex: int(row, 'order_index'),
          settings,
          creatorId: run.userOr(id(row, 'creator_id')),
          createdAt: time(row, 'gmt_create', run.now),
          updatedAt: time(row, 'gmt_modified', run.now),
          deletedAt: null,
          deletedBy: null,
        },
      ]);
      // The push token stays the same: Quire keeps only its hash, so smart-doc and the plugins go on
      // pushing with the token they have, only the URL changes.
      const token = text(row, 'token').trim();
      if (token && !tokens.has(pushTokenHash(token))) {
        tokens.add(pushTokenHash(token));
        await insertRows(run.db, 'moduleTokens', [
          {
            moduleId: quireId,
            tokenHash: pushTokenHash(token),
            createdBy: run.userOr(id(row, 'creator_id')),
            createdAt: time(row, 'gmt_create', run.now),
            lastUsedAt: null,
          },
        ]);
      } else if (token) run.note(note('note.token_taken', text(row, 'name')));
      if (text(row, 'import_url')) run.note(note('note.swagger_url', text(row, 'name')));
      return quireId;
    });
  }
  run.leave(
    'module_swagger_config',
    reason('reason.swagger'),
    run.snapshot.counts.get('module_swagger_config') ?? 0,
  );
}

export async function importOpenUsers(run: ImportRun): Promise<void> {
  const keys = await openUserKeys(run.db);
  for (const row of run.rows('open_user')) {
    await bringOnce(run, 'open_user', 'open_user', row, async () => {
      const spaceId = run.quireId('space', id(row, 'space_id'));
      const appKey = text(row, 'app_key');
      if (!spaceId) {
        run.leave('open_user', reason('reason.orphan_space'));
        return undefined;
      }
      if (keys.has(appKey)) {
        run.leave('open_user', reason('reason.app_key_taken'));
        return undefined;
      }
      keys.add(appKey);
      const secret = text(row, 'secret');
      const quireId = newId();
      await insertRows(run.db, 'openUsers', [
        {
          id: quireId,
          spaceId,
          appKey,
          secretHash: sha256(secret),
          status: int(row, 'status', 1) === 1 ? 1 : 0,
          signSecret: secret ? run.box.seal(secret) : null,
          applicant: text(row, 'applicant'),
          creatorId: run.owner,
          createdAt: time(row, 'gmt_create', run.now),
          updatedAt: time(row, 'gmt_modified', run.now),
        },
      ]);
      return quireId;
    });
  }
}
