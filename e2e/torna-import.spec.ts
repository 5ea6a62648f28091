import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import mysql from 'mysql2/promise';
import { en, loginThroughForm, printedAdminPassword, zh } from './support.ts';

/**
 * Backend management › Import from Torna, as the super admin does it: the Torna fixture database
 * (apps/server/test/torna/) is loaded into the MariaDB of TEST_MARIADB_URL; the page runs a dry run and reads
 * its report, then the import, and reads the counts on both sides; an unreachable database is refused in the
 * reader's language. Skipped only outside CI without a MariaDB.
 */
const MARIADB = process.env.TEST_MARIADB_URL;
if (!MARIADB && process.env.CI === 'true')
  throw new Error('the Torna import spec needs TEST_MARIADB_URL in CI');

const ADMIN_PASSWORD = 'admin-new-pass-1';
const FIXTURE = path.resolve(import.meta.dirname, '../apps/server/test/torna');
const database = `quire_e2e_torna_${Date.now().toString(36)}`;

async function apiCall(api: APIRequestContext, url: string, data: unknown, token?: string) {
  const response = await api.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
  });
  return (await response.json()) as { code: string; msg: string; data: { token?: string } | null };
}

/** Makes sure the admin account uses ADMIN_PASSWORD, whichever spec ran before (as organisation.spec.ts). */
async function ensureAdminPassword(api: APIRequestContext): Promise<void> {
  if ((await apiCall(api, '/api/system/login', { username: 'admin', password: ADMIN_PASSWORD })).code === '0')
    return;
  const first = await apiCall(api, '/api/system/login', {
    username: 'admin',
    password: printedAdminPassword(),
  });
  if (first.code !== '0' || !first.data?.token) throw new Error(`admin login failed: ${first.msg}`);
  const set = await apiCall(
    api,
    '/api/system/password/updateByFirstLogin',
    { password: ADMIN_PASSWORD },
    first.data.token,
  );
  if (set.code !== '0') throw new Error(`setting the admin password failed: ${set.msg}`);
}

/** The fixture database's URL on the MariaDB server. */
function tornaUrl(): string {
  const url = new URL(MARIADB ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

test.describe
  .serial('import from Torna', () => {
    test.skip(!MARIADB, 'TEST_MARIADB_URL is not set');

    test.beforeAll(async ({ baseURL }) => {
      const api = await playwrightRequest.newContext({ baseURL });
      await ensureAdminPassword(api);
      await api.dispose();
      const admin = await mysql.createConnection(MARIADB ?? '');
      await admin.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
      await admin.end();
      const torna = await mysql.createConnection({
        uri: tornaUrl(),
        multipleStatements: true,
        charset: 'utf8mb4',
      });
      await torna.query(readFileSync(path.join(FIXTURE, 'torna-schema.sql'), 'utf8'));
      await torna.query(readFileSync(path.join(FIXTURE, 'torna-data.sql'), 'utf8'));
      await torna.end();
    });

    test.afterAll(async () => {
      const admin = await mysql.createConnection(MARIADB ?? '');
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      await admin.end();
    });

    test('the super admin runs a dry run, reads the report, then imports and sees the counts', async ({
      page,
    }) => {
      await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/admin/users');
      await page.getByRole('link', { name: zh.tornaUi.title }).click();
      await expect(page).toHaveURL(/\/admin\/torna$/);
      await expect(page.getByRole('heading', { name: zh.tornaUi.title })).toBeVisible();

      await page.getByLabel(zh.tornaUi.url).fill(tornaUrl());
      await page.getByRole('button', { name: zh.tornaUi.dryRun }).click();
      await expect(page.getByText(zh.tornaUi.dryRunDone)).toBeVisible({ timeout: 60_000 });
      const torna = page.getByRole('table', { name: zh.tornaUi.tornaSide });
      // doc_info: 11 rows in Torna, 10 would be added, 1 soft-deleted.
      const docs = torna.getByRole('row').filter({ hasText: 'doc_info' });
      await expect(docs.getByRole('cell')).toHaveText([
        'doc_info',
        '11',
        '10',
        '0',
        '0',
        '0',
        '1',
        // The reason in the reader's language (the report carries its key).
        `1 × ${zh.tornaReport.reason.soft_deleted}`,
      ]);
      const quire = page.getByRole('table', { name: zh.tornaUi.quireSide });
      // Quire's side: rows per kind before and after; other specs on this server made shares of their own, so
      // the difference is what counts: the fixture's two shares (none on a re-run of this spec).
      const shareCells = await quire
        .getByRole('row')
        .filter({ hasText: zh.tornaUi.kinds.shareConfigs })
        .getByRole('cell')
        .allTextContents();
      expect([0, 2]).toContain(Number(shareCells[2]) - Number(shareCells[1]));
      await page.screenshot({ path: 'e2e/.results/torna-import-dry-run-zh.png', fullPage: true });

      await page.getByRole('button', { name: zh.tornaUi.import }).click();
      // antd spaces out a two-character Chinese button label ("导 入").
      const spaced = new RegExp(`^${[...zh.tornaUi.import].join('\\s?')}$`);
      await page.getByRole('dialog').getByRole('button', { name: spaced }).click();
      await expect(page.getByText(zh.tornaUi.importDone)).toBeVisible({ timeout: 60_000 });
      const after = page.getByRole('table', { name: zh.tornaUi.quireSide });
      const docRow = after.getByRole('row').filter({ hasText: zh.tornaUi.kinds.docs });
      const cells = await docRow.getByRole('cell').allTextContents();
      // Before and after: ten more docs than before (an earlier run of this spec on the same server is a re-run).
      expect(Number(cells[2]) - Number(cells[1])).toBeGreaterThanOrEqual(0);
      expect(Number(cells[2])).toBeGreaterThanOrEqual(10);
      await page.screenshot({ path: 'e2e/.results/torna-import-done-zh.png', fullPage: true });

      // What the import brought is there: the Torna space by its name.
      await page.goto('/dashboard');
      await expect(page.getByText('研发中心').first()).toBeVisible();
    });

    test('an unreachable database is refused in the reader’s language, without its password; a re-run would add nothing', async ({
      page,
    }) => {
      await loginThroughForm(page, 'admin', ADMIN_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/admin/torna?lang=en');
      await expect(page.getByRole('heading', { name: en.tornaUi.title })).toBeVisible();
      await page.getByLabel(en.tornaUi.url).fill('ftp://nowhere');
      await page.getByRole('button', { name: en.tornaUi.dryRun }).click();
      await expect(page.getByText(en.validation.torna_url)).toBeVisible();
      await page.getByLabel(en.tornaUi.url).fill('mysql://torna:Hunter2-Secret@127.0.0.1:9/torna');
      await page.getByRole('button', { name: en.tornaUi.dryRun }).click();
      const alert = page.getByRole('alert').filter({ hasText: en.tornaUi.failed });
      await expect(alert).toContainText(
        'Cannot reach the Torna database at mysql://torna:***@127.0.0.1:9/torna (ECONNREFUSED)',
        { timeout: 30_000 },
      );
      await expect(page.getByText('Hunter2-Secret')).toHaveCount(0);
      await page.screenshot({ path: 'e2e/.results/torna-import-error-en.png', fullPage: true });

      // A dry run after the import: everything is there already, so nothing would be added.
      await page.getByLabel(en.tornaUi.url).fill(tornaUrl());
      await page.getByRole('button', { name: en.tornaUi.dryRun }).click();
      await expect(page.getByText(en.tornaUi.dryRunDone)).toBeVisible({ timeout: 60_000 });
      const docs = page
        .getByRole('table', { name: en.tornaUi.tornaSide })
        .getByRole('row')
        .filter({ hasText: 'doc_info' });
      await expect(docs.getByRole('cell')).toHaveText([
        'doc_info',
        '11',
        '0',
        '0',
        '0',
        '10',
        '1',
        `1 × ${en.tornaReport.reason.soft_deleted}`,
      ]);
      await page.screenshot({ path: 'e2e/.results/torna-import-dry-run-en.png', fullPage: true });
    });
  });
