import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { printedAdminPassword } from './support.ts';

/** Helpers of the document specs: the admin's token and calls to the web API with it. */

export const ADMIN_PASSWORD = 'admin-new-pass-1';

type Envelope<T> = { code: string; msg: string; data: T };

/** Logs the super admin in (setting the password on the first run of the server); answers the token. */
export async function adminToken(api: APIRequestContext): Promise<string> {
  const login = async (password: string) =>
    (await (
      await api.post('/api/system/login', { data: { username: 'admin', password } })
    ).json()) as Envelope<{
      token: string;
    } | null>;
  const current = await login(ADMIN_PASSWORD);
  if (current.code === '0' && current.data) return current.data.token;
  const first = await login(printedAdminPassword());
  if (!first.data) throw new Error(`admin login failed: ${first.msg}`);
  await api.post('/api/system/password/updateByFirstLogin', {
    data: { password: ADMIN_PASSWORD },
    headers: { authorization: `Bearer ${first.data.token}` },
  });
  const again = await login(ADMIN_PASSWORD);
  if (!again.data) throw new Error(`admin login failed: ${again.msg}`);
  return again.data.token;
}

/** A GET (no data) or POST to the web API with `token`; answers `data`, throws the message otherwise. */
export async function apiCall<T>(
  api: APIRequestContext,
  token: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const headers = { authorization: `Bearer ${token}` };
  const response =
    data === undefined ? await api.get(path, { headers }) : await api.post(path, { data, headers });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== '0') throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

/** A page whose browser holds `token`. */
export async function pageWithToken(context: BrowserContext, token: string): Promise<Page> {
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), token);
  return context.newPage();
}
