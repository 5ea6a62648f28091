import { expect, test } from '@playwright/test';
import { loginThroughForm, registerByApi, zh } from './support.ts';

/**
 * A large import followed in the dialog: its phase and count while it converts, then cancelled by the user,
 * who sees it cancelled and finds no application left behind.
 */
const suffix = Date.now().toString(36);
const USER = `jobs-${suffix}`;
const PASSWORD = 'jobs-pass-123';

/**
 * A description of `count` operations with 30 fields each and a shared 80-field response: several seconds of
 * work to watch, though a first import writes its docs while it still converts.
 */
function wide(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const properties: Record<string, unknown> = {};
    for (let f = 0; f < 30; f++)
      properties[`field_${f}`] = { type: 'string', description: `field ${f} of ${i}` };
    paths[`/items/${i}`] = {
      post: {
        summary: `Item ${i}`,
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties } } } },
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Report' } } },
          },
        },
      },
    };
  }
  const report: Record<string, unknown> = {};
  for (let f = 0; f < 80; f++) report[`metric_${f}`] = { type: 'number', description: `metric ${f}` };
  return JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Wide', version: '1' },
    paths,
    components: { schemas: { Report: { type: 'object', properties: report } } },
  });
}

test('a user follows a large import by phase and count, and cancels it', async ({ page }) => {
  await registerByApi(page, USER, PASSWORD);
  await loginThroughForm(page, USER, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await page.evaluate(() => window.localStorage.getItem('torna.token'));
  const call = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { data: { id: string } }).data;
  };
  const space = await call('/api/space/add', { name: `Jobs ${suffix}` });
  const project = await call('/api/project/add', { name: 'Large', spaceId: space.id });
  await page.goto(`/project/doc/${project.id}`);

  await page.getByRole('button', { name: zh.imports.open }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(zh.imports.sourceText).click();
  await dialog.getByLabel(zh.imports.content).fill(wide(4000));
  await dialog.getByRole('button', { name: zh.imports.start }).click();
  const status = dialog.getByRole('status');
  await expect(status.getByText(zh.jobs.phaseConvert)).toBeVisible({ timeout: 60_000 });
  await expect(status.getByText(/\d+ \/ 4000/)).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/job-progress.png' });

  await status.getByRole('button', { name: zh.jobs.cancel }).click();
  await page.getByRole('tooltip').getByRole('button', { name: zh.jobs.cancel }).click();
  await expect(dialog.getByText(zh.jobs.cancelled)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: 'e2e/.results/job-cancelled.png' });
  // Nothing of the cancelled first import is kept: no application named after it.
  await expect(page.getByRole('tab', { name: /Wide/ })).toHaveCount(0);
});
