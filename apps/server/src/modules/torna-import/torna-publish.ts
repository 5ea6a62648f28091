import { ParamListSchema, type ParamRow, withParamIds } from '@quire/api-model';
import { sanitizeHtml } from '../../lib/html-sanitizer.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { paramTree } from './torna-docs.ts';
import { claimedPathKeys, constantKeys, insertRows, subscriptionKeys } from './torna-import.repository.ts';
import { flag, groupBy, id, int, live, text, time } from './torna-rows.ts';
import type { ImportRun } from './torna-run.ts';
import { bringReleaseSubscription, releaseSubscriptionKeys } from './torna-releases.ts';
import { bringOnce, Reason } from './torna-steps.ts';
import type { TornaText } from '@quire/shared';
import { note, reason, subject } from './torna-messages.ts';

/* Constants pages, shares, composed projects, mocks, debug scripts, subscriptions and messages. */

export async function importConstants(run: ImportRun): Promise<void> {
  const existing = await constantKeys(run.db);
  for (const row of run.rows('constant_info')) {
    await bringOnce(run, 'constant_info', 'constant', row, async () => {
      const projectId = run.quireId('project', id(row, 'project_id'));
      const moduleId = run.quireId('module', id(row, 'module_id'));
      const scope = moduleId
        ? { scopeType: 'module', scopeId: moduleId }
        : projectId
          ? { scopeType: 'project', scopeId: projectId }
          : undefined;
      if (!scope) {
        run.leave('constant_info', reason('reason.orphan_scope'));
        return undefined;
      }
      const key = `${scope.scopeType} ${scope.scopeId}`;
      if (existing.has(key)) {
        run.leave('constant_info', reason('reason.constants_exist'));
        return undefined;
      }
      existing.add(key);
      await insertRows(run.db, 'constants', [
        {
          ...scope,
          content: sanitizeHtml(text(row, 'content')),
          errorCodes: '[]',
          updatedBy: run.owner,
          updatedAt: time(row, 'gmt_modified', run.now),
        },
      ]);
      return key;
    });
  }
}

/** A visitor password Torna kept in plain text: hashed (argon2id) and sealed, as Quire keeps its own. */
async function protect(
  run: ImportRun,
  password: string,
): Promise<{ passwordHash: string; passwordSealed: string }> {
  return { passwordHash: await hashPassword(password), passwordSealed: run.box.seal(password) };
}

export async function importShares(run: ImportRun): Promise<void> {
  const contents = groupBy(run.rows('share_content'), 'share_config_id');
  const environments = groupBy(run.rows('share_environment'), 'share_config_id', false);
  for (const row of run.rows('share_config')) {
    const ownContents = contents.get(id(row)) ?? [];
    const ownEnvs = environments.get(id(row)) ?? [];
    await bringOnce(
      run,
      'share_config',
      'share',
      row,
      async () => {
        const moduleId = run.quireId('module', id(row, 'module_id'));
        if (!moduleId) {
          run.leave('share_config', reason('reason.orphan_module'));
          return undefined;
        }
        const type = int(row, 'type', 1) === 2 ? 2 : 1;
        const password = text(row, 'password');
        if (type === 2 && !password) run.note(note('note.share_no_password', id(row)));
        const secret =
          type === 2 && password ? await protect(run, password) : { passwordHash: '', passwordSealed: '' };
        const expires = /^\d{4}-\d{2}-\d{2}/.exec(text(row, 'expiration_time'))?.[0] ?? null;
        const quireId = newId();
        await insertRows(run.db, 'shareConfigs', [
          {
            id: quireId,
            moduleId,
            type: secret.passwordHash ? 2 : 1,
            ...secret,
            status: int(row, 'status', 1) === 1 ? 1 : 0,
            expiresOn: expires,
            isAll: flag(row, 'is_all'),
            remark: text(row, 'remark'),
            showDebug: flag(row, 'is_show_debug', 1),
            allEnvironments: flag(row, 'is_all_selected_debug', 1),
            creatorId: run.owner,
            createdAt: time(row, 'gmt_create', run.now),
            updatedAt: time(row, 'gmt_modified', run.now),
          },
        ]);
        const docs = new Set<string>();
        for (const content of ownContents) {
          const docId = run.quireId('doc', id(content, 'doc_id'));
          if (!docId || docs.has(docId)) {
            run.leave('share_content', reason(docId ? 'reason.listed_twice' : 'reason.orphan_doc'));
            continue;
          }
          docs.add(docId);
          await insertRows(run.db, 'shareContents', [
            { shareId: quireId, docId, isShareFolder: flag(content, 'is_share_folder') },
          ]);
          run.report('share_content').added++;
        }
        for (const env of ownEnvs) {
          const environmentId = run.quireId('environment', id(env, 'module_environment_id'));
          if (!environmentId) {
            run.leave('share_environment', reason('reason.orphan_environment'));
            continue;
          }
          await insertRows(run.db, 'shareEnvironments', [{ shareId: quireId, environmentId }]);
          run.report('share_environment').added++;
        }
        return quireId;
      },
      {
        row,
        contents: ownContents.map((c) => [id(c, 'doc_id'), flag(c, 'is_share_folder')]),
        envs: ownEnvs.map((e) => id(e, 'module_environment_id')),
      },
    );
  }
  const deleted = run.rows('share_content').filter((row) => !live(row)).length;
  run.leave('share_content', Reason.softDeleted, deleted);
}

function paramsJson(
  run: ImportRun,
  rows: ReturnType<ImportRun['rows']>,
  style: number,
  where: TornaText,
): string {
  const tree = paramTree(
    rows.filter((row) => int(row, 'style') === style),
    new Map(),
    (message) => run.note(message),
    where,
  );
  const parsed = ParamListSchema.safeParse(tree);
  if (!parsed.success) return '[]';
  const clean = (row: ParamRow): ParamRow => ({
    ...row,
    description: sanitizeHtml(row.description),
    children: row.children.map(clean),
  });
  return JSON.stringify(withParamIds(parsed.data.map(clean), newId));
}

export async function importCompose(run: ImportRun): Promise<void> {
  const docs = groupBy(run.rows('compose_doc'), 'project_id');
  const params = groupBy(run.rows('compose_common_param'), 'compose_project_id');
  const pages = groupBy(run.rows('compose_additional_page'), 'project_id');
  for (const row of run.rows('compose_project')) {
    const ownDocs = docs.get(id(row)) ?? [];
    const ownParams = params.get(id(row)) ?? [];
    const ownPages = pages.get(id(row)) ?? [];
    await bringOnce(
      run,
      'compose_project',
      'compose',
      row,
      async () => {
        const spaceId = run.quireId('space', id(row, 'space_id'));
        if (!spaceId) {
          run.leave('compose_project', reason('reason.orphan_space'));
          return undefined;
        }
        const type = int(row, 'type', 1) === 2 && text(row, 'password') ? 2 : 1;
        const secret =
          type === 2 ? await protect(run, text(row, 'password')) : { passwordHash: '', passwordSealed: '' };
        const quireId = newId();
        const where = subject('subject.composed', id(row));
        await insertRows(run.db, 'composeProjects', [
          {
            id: quireId,
            spaceId,
            name: text(row, 'name').slice(0, 64) || `#${id(row)}`,
            description: text(row, 'description'),
            type,
            ...secret,
            status: int(row, 'status', 1) === 1 ? 1 : 0,
            showDebug: flag(row, 'show_debug', 1),
            gatewayUrl: text(row, 'gateway_url'),
            globalParams: paramsJson(run, ownParams, 2, where),
            globalReturns: paramsJson(run, ownParams, 3, where),
            creatorId: run.userOr(id(row, 'creator_id')),
            createdAt: time(row, 'gmt_create', run.now),
            updatedAt: time(row, 'gmt_modified', run.now),
          },
        ]);
        run.report('compose_common_param').added += ownParams.length;
        // Entries parents first: a folder's Quire id is known before its children are written.
        const entryIds = new Map<string, string>();
        let pending = [...ownDocs].sort((a, b) => int(a, 'order_index') - int(b, 'order_index'));
        for (let pass = 0; pass < 32 && pending.length > 0; pass++) {
          const next: typeof pending = [];
          for (const entry of pending) {
            const parent = id(entry, 'parent_id');
            if (parent && !entryIds.has(parent)) {
              next.push(entry);
              continue;
            }
            const isFolder = flag(entry, 'is_folder') === 1;
            const docId = isFolder ? '' : run.quireId('doc', id(entry, 'doc_id'));
            if (docId === undefined) {
              run.leave('compose_doc', reason('reason.orphan_doc'));
              continue;
            }
            const entryId = newId();
            entryIds.set(id(entry), entryId);
            await insertRows(run.db, 'composeDocs', [
              {
                id: entryId,
                projectId: quireId,
                docId,
                isFolder: isFolder ? 1 : 0,
                folderName: text(entry, 'folder_name'),
                parentId: parent ? (entryIds.get(parent) ?? '') : '',
                origin: text(entry, 'origin'),
                orderIndex: int(entry, 'order_index'),
                creatorId: run.owner,
                createdAt: time(entry, 'gmt_create', run.now),
              },
            ]);
            run.report('compose_doc').added++;
          }
          if (next.length === pending.length) {
            run.leave('compose_doc', reason('reason.orphan_folder'), next.length);
            break;
          }
          pending = next;
        }
        for (const page of ownPages) {
          await insertRows(run.db, 'composePages', [
            {
              id: newId(),
              projectId: quireId,
              title: text(page, 'title'),
              content: sanitizeHtml(text(page, 'content')),
              contentKind: 'html',
              status: int(page, 'status', 1) === 1 ? 1 : 0,
              orderIndex: int(page, 'order_index'),
              createdAt: time(page, 'gmt_create', run.now),
              updatedAt: time(page, 'gmt_modified', run.now),
            },
          ]);
          run.report('compose_additional_page').added++;
        }
        return quireId;
      },
      {
        row,
        docs: ownDocs.map((d) => [id(d), id(d, 'doc_id')]),
        params: ownParams.length,
        pages: ownPages.map((p) => text(p, 'content')),
      },
    );
  }
  for (const table of ['compose_doc', 'compose_common_param', 'compose_additional_page'])
    run.leave(table, Reason.softDeleted, run.rows(table).filter((row) => !live(row)).length);
}

/** Torna's KV request data `[{name, value}]` (anything else: none). */
function kvOf(raw: string): string {
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return '[]';
    return JSON.stringify(
      value
        .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
        .map((item) => ({ name: String(item.name ?? ''), value: String(item.value ?? '') })),
    );
  } catch {
    return '[]';
  }
}

export async function importMocks(run: ImportRun): Promise<void> {
  const claimed = await claimedPathKeys(run.db);
  const docModules = new Map(run.rows('doc_info').map((doc) => [id(doc), id(doc, 'module_id')]));
  for (const row of run.rows('mock_config')) {
    await bringOnce(run, 'mock_config', 'mock', row, async () => {
      const docId = run.quireId('doc', id(row, 'doc_id'));
      const moduleId = run.quireId('module', docModules.get(id(row, 'doc_id')) ?? '');
      if (!docId || !moduleId) {
        run.leave('mock_config', reason('reason.orphan_doc'));
        return undefined;
      }
      const path = text(row, 'path').trim().replace(/^\/+/, '').slice(0, 256);
      const requestType = int(row, 'request_data_type') === 1 ? 1 : 0;
      const quireId = newId();
      await insertRows(run.db, 'mockConfigs', [
        {
          id: quireId,
          docId,
          name: text(row, 'name').slice(0, 128) || `#${id(row)}`,
          version: int(row, 'version', 1),
          isDefault: 0,
          path,
          pathKey: path,
          requestDataType: requestType,
          dataKv: requestType === 0 ? kvOf(text(row, 'request_data')) : '[]',
          dataJson: requestType === 1 ? text(row, 'request_data') : '',
          requestHeaders: '[]',
          httpStatus: int(row, 'http_status', 200),
          delayMs: int(row, 'delay_mills'),
          responseHeaders: kvOf(text(row, 'response_headers')),
          resultType: int(row, 'result_type') === 1 ? 1 : 0,
          responseBody: text(row, 'response_body'),
          mockScript: text(row, 'mock_script'),
          remark: text(row, 'remark'),
          createdBy: run.userOr(id(row, 'creator_id')),
          updatedBy: run.userOr(id(row, 'modifier_id') || id(row, 'creator_id')),
          createdAt: time(row, 'gmt_create', run.now),
          updatedAt: time(row, 'gmt_modified', run.now),
        },
      ]);
      // Torna's `/mock/<path>` URLs keep answering: the path goes to this application unless one holds it.
      if (path && !claimed.has(path)) {
        claimed.add(path);
        await insertRows(run.db, 'mockPathClaims', [{ pathKey: path, moduleId, claimedAt: run.now }]);
      } else if (path) run.note(note('note.mock_path_taken', id(row), path));
      return quireId;
    });
  }
}

export async function importDebugScripts(run: ImportRun): Promise<void> {
  const scopes = ['doc', 'module', 'project'] as const;
  for (const row of run.rows('debug_script')) {
    await bringOnce(run, 'debug_script', 'debug_script', row, async () => {
      const scope = int(row, 'scope');
      const kind = scopes[scope];
      const refId = kind ? run.quireId(kind, id(row, 'ref_id')) : undefined;
      if (!refId) {
        run.leave('debug_script', reason('reason.orphan_debug_scope'));
        return undefined;
      }
      const quireId = newId();
      await insertRows(run.db, 'debugScripts', [
        {
          id: quireId,
          name: text(row, 'NAME') || text(row, 'name'),
          description: text(row, 'description'),
          content: text(row, 'content'),
          type: int(row, 'type') === 1 ? 1 : 0,
          scope,
          refId,
          enabled: flag(row, 'enabled', 1),
          creatorId: run.owner,
          creatorName: text(row, 'creator_name'),
          createdAt: time(row, 'gmt_create', run.now),
          updatedAt: time(row, 'gmt_modified', run.now),
        },
      ]);
      return quireId;
    });
  }
}

export async function importSubscriptions(run: ImportRun): Promise<void> {
  const existing = await subscriptionKeys(run.db);
  const followed = await releaseSubscriptionKeys(run.db);
  for (const row of run.rows('user_subscribe')) {
    await bringOnce(run, 'user_subscribe', 'subscription', row, async () => {
      const userId = run.quireId('user', id(row, 'user_id'));
      const type = int(row, 'type');
      if (type === 4) return bringReleaseSubscription(run, row, followed);
      if (type !== 1 && type !== 2) {
        run.leave('user_subscribe', reason('reason.subscription_type', type));
        return undefined;
      }
      const targetId = run.quireId(type === 1 ? 'doc' : 'project', id(row, 'source_id'));
      if (!userId || !targetId) {
        run.leave('user_subscribe', reason('reason.orphan_subscription'));
        return undefined;
      }
      const key = `${userId} ${targetId}`;
      const set = type === 1 ? existing.doc : existing.project;
      if (!set.has(key)) {
        set.add(key);
        const createdAt = time(row, 'gmt_create', run.now);
        if (type === 1)
          await insertRows(run.db, 'docSubscriptions', [{ userId, docId: targetId, createdAt }]);
        else await insertRows(run.db, 'projectSubscriptions', [{ userId, projectId: targetId, createdAt }]);
      }
      return key;
    });
  }
}

export async function importMessages(run: ImportRun): Promise<void> {
  const kinds: Record<number, string> = { 1: 'doc', 2: 'project', 3: 'module' };
  for (const row of run.rows('user_message')) {
    await bringOnce(run, 'user_message', 'message', row, async () => {
      const userId = run.quireId('user', id(row, 'user_id'));
      if (!userId) {
        run.leave('user_message', reason('reason.orphan_user'));
        return undefined;
      }
      const type = int(row, 'type');
      const kind = kinds[type];
      const quireId = newId();
      await insertRows(run.db, 'userMessages', [
        {
          id: quireId,
          userId,
          message: text(row, 'message').slice(0, 256),
          type,
          sourceId: (kind && run.quireId(kind, id(row, 'source_id'))) || '',
          isRead: flag(row, 'is_read'),
          createdAt: time(row, 'gmt_create', run.now),
        },
      ]);
      return quireId;
    });
  }
}
