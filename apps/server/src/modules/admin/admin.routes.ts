import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { registerAdminSettingRoutes } from './admin-settings.routes.ts';
import { registerAdminUserRoutes } from './admin-users.routes.ts';

/** The super-admin console: users, settings, language packs, trash and audit log. */
export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerAdminUserRoutes(app, deps);
  registerAdminSettingRoutes(app, deps);
}
