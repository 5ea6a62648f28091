import {
  AdminSetting,
  AdminSettingUpdateRequest,
  AuditPage,
  AuditPageRequest,
  Empty,
  envelope,
  I18nPack,
  I18nPackDetail,
  I18nSaveRequest,
  I18nSaveResult,
  IdRequest,
  TrashItem,
  TrashRestoreRequest,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { actorOf, ok } from '../../http/reply.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'superAdmin' as const };

  r.get(
    '/api/admin/setting/get',
    { config, schema: { response: { 200: envelope(AdminSetting) } } },
    async () => ok(await readAdminSettings(db)),
  );

  r.post(
    '/api/admin/setting/update',
    { config, schema: { body: AdminSettingUpdateRequest, response: { 200: envelope(AdminSetting) } } },
    async (request) => ok(await updateAdminSettings(db, request.body)),
  );

  r.get(
    '/api/admin/i18n/list',
    { config, schema: { response: { 200: envelope(z.array(I18nPack)) } } },
    async () => ok((await listPackDetails(db)).map(presentPack)),
  );

  r.get(
    '/api/admin/i18n/get',
    { config, schema: { querystring: IdRequest, response: { 200: envelope(I18nPackDetail) } } },
    async (request) => {
      const { pack, content } = await getPack(db, request.query.id);
      return ok({ ...presentPack(pack), content });
    },
  );

  r.post(
    '/api/admin/i18n/save',
    { config, schema: { body: I18nSaveRequest, response: { 200: envelope(I18nSaveResult) } } },
    async (request) => {
      const { pack, completeness } = await savePack(db, request.body);
      return ok({ ...presentPack(pack), ...completeness });
    },
  );

  r.post(
    '/api/admin/i18n/delete',
    { config, schema: { body: IdRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await removePack(db, request.body.id);
      return ok(null);
    },
  );

  r.get(
    '/api/admin/trash/list',
    { config, schema: { response: { 200: envelope(z.array(TrashItem)) } } },
    async () => ok(await listRestorable(db)),
  );

  r.post(
    '/api/admin/trash/restore',
    { config, schema: { body: TrashRestoreRequest, response: { 200: envelope(Empty) } } },
    async (request) => {
      await restoreDeleted(db, actorOf(request), request.body.type, request.body.id);
      return ok(null);
    },
  );

  r.post(
    '/api/admin/audit/page',
    { config, schema: { body: AuditPageRequest, response: { 200: envelope(AuditPage) } } },
    async (request) => {
      const { pageIndex, pageSize, action, targetType, actorId } = request.body;
      const { rows, total } = await pageAudit(db, { action, targetType, actorId }, pageIndex, pageSize);
      return ok({ list: rows.map(presentAudit), total, pageIndex, pageSize });
    },
  );
}
