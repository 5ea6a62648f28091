import {
  spaceOpenuserAdd,
  spaceOpenuserDisable,
  spaceOpenuserEnable,
  spaceOpenuserList,
  spaceOpenuserResetSecret,
} from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access.ts';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import {
  addOpenUser,
  listSpaceOpenUsers,
  resetOpenUserSecret,
  setOpenUserStatus,
} from './open-users.service.ts';
import { presentOpenUser } from './spaces.presenter.ts';

/** Open-API clients (appKey/secret) of a space: space admins only; a secret is shown once. */
export function registerOpenUserRoutes(app: FastifyInstance, { db, env }: AppDeps): void {
  route(app, spaceOpenuserList, async (request) => {
    const rows = await listSpaceOpenUsers(await callerOf(request, db), request.query.spaceId);
    return rows.map(presentOpenUser);
  });

  route(app, spaceOpenuserAdd, async (request) => {
    const { row, secret } = await addOpenUser(
      await callerOf(request, db),
      request.body,
      env.QUIRE_SECRET_KEY,
    );
    return { ...presentOpenUser(row), secret };
  });

  route(app, spaceOpenuserEnable, async (request) => {
    await setOpenUserStatus(await callerOf(request, db), request.body.id, true);
    return null;
  });

  route(app, spaceOpenuserDisable, async (request) => {
    await setOpenUserStatus(await callerOf(request, db), request.body.id, false);
    return null;
  });

  route(app, spaceOpenuserResetSecret, async (request) => {
    const { row, secret } = await resetOpenUserSecret(
      await callerOf(request, db),
      request.body.id,
      env.QUIRE_SECRET_KEY,
    );
    return { ...presentOpenUser(row), secret };
  });
}
