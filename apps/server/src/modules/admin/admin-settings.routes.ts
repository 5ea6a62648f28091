import {
  adminAuditPage,
  adminI18nDelete,
  adminI18nGet,
  adminI18nList,
  adminI18nSave,
  adminSettingGet,
  adminSettingUpdate,
  adminTrashList,
  adminTrashRestore,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf } from '../../http/reply.ts';
import { route } from '../../http/route.ts';
import { pageAudit } from '../audit/audit.service.ts';
import { listPackDetails } from '../i18n/i18n.service.ts';
import { presentAudit, presentPack } from './admin.presenter.ts';
import {
  getPack,
  readAdminSettings,
  removePack,
  savePack,
  updateAdminSettings,
} from './admin-settings.service.ts';
import { listRestorable, restoreDeleted } from './trash.service.ts';

/** System settings, language packs, the trash and the audit log (super admin only). */
export function registerAdminSettingRoutes(app: FastifyInstance, { db }: AppDeps): void {
  route(app, adminSettingGet, async () => await readAdminSettings(db));

  route(app, adminSettingUpdate, async (request) => await updateAdminSettings(db, request.body));

  route(app, adminI18nList, async () => (await listPackDetails(db)).map(presentPack));

  route(app, adminI18nGet, async (request) => {
    const { pack, content } = await getPack(db, request.query.id);
    return { ...presentPack(pack), content };
  });

  route(app, adminI18nSave, async (request) => {
    const { pack, completeness } = await savePack(db, request.body);
    return { ...presentPack(pack), ...completeness };
  });

  route(app, adminI18nDelete, async (request) => {
    await removePack(db, request.body.id);
    return null;
  });

  route(app, adminTrashList, async () => await listRestorable(db));

  route(app, adminTrashRestore, async (request) => {
    await restoreDeleted(db, actorOf(request), request.body.type, request.body.id);
    return null;
  });

  route(app, adminAuditPage, async (request) => {
    const { pageIndex, pageSize, action, targetType, actorId } = request.body;
    const { rows, total } = await pageAudit(db, { action, targetType, actorId }, pageIndex, pageSize);
    return { list: rows.map(presentAudit), total, pageIndex, pageSize };
  });
}
