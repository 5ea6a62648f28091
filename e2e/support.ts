import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { builtinResources } from '@quire/shared/i18n';

/** The built-in strings, so specs find controls by the words a person reads. */
export const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['en']>;
export const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

/** The port of this run's server (playwright.config.ts). */
const PORT = process.env.E2E_PORT ?? '7790';

/** The SQLite file of this run's server, for seeding what no UI creates yet. */
export const E2E_DATABASE = path.resolve(import.meta.dirname, `.results/data-${PORT}/quire.db`);

/** The super-admin password the server printed once at its first start (captured by scripts/e2e-server.mjs). */
export function printedAdminPassword(): string {
  return readFileSync(
    path.resolve(import.meta.dirname, `.results/admin-password-${PORT}.txt`),
    'utf8',
  ).trim();
}

/** Registers an account through the web API (the UI path is covered by its own spec). */
export async function registerByApi(page: Page, username: string, password: string): Promise<void> {
  const response = await page.request.post('/api/system/reg', {
    data: { username, password, nickname: username },
  });
  const body = (await response.json()) as { code: string; msg: string };
  if (body.code !== '0') throw new Error(`registration of ${username} failed: ${body.msg}`);
}

/** Logs in through the login form in the default language (zh-CN). */
export async function loginThroughForm(
  page: Page,
  username: string,
  password: string,
  strings = zh,
): Promise<void> {
  await page.goto('/login');
  // Exact: with directory sign-in on, the account tab's panel is labelled "Account Login" too.
  await page.getByLabel(strings.auth.account, { exact: true }).fill(username);
  await page.getByLabel(strings.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: strings.auth.login }).click();
}

/** The token the app stored, if any. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('torna.token'));
}
