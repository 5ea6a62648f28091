import { expect, test } from '@playwright/test';
import { HUGE_DEEP_NAME, HUGE_ROWS, hugeDeepIndex, saveHugeDoc } from '../bench/huge-doc.ts';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * The issue #29 doc (bench/huge-doc.ts: 10,000 param rows, 6 levels) in the production build: the reader and
 * a public share draw a bounded number of rows and find a row at the sixth level; the editor draws a bounded
 * number of rows too, and an edit of that deep row is saved. Times are the bench's (bench/huge.bench.ts).
 */

type Row = { name: string; description: string; children: Row[] };

let token = '';
let moduleId = '';
let docId = '';
let shareId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const call = <T>(path: string, data?: unknown) => apiCall<T>(request, token, path, data);
  const suffix = Date.now().toString(36);
  const space = await call<{ id: string }>('/api/space/add', { name: `Huge ${suffix}` });
  const project = await call<{ id: string }>('/api/project/add', {
    name: `Huge ${suffix}`,
    spaceId: space.id,
  });
  moduleId = (await call<{ id: string }>('/api/module/add', { name: 'Orders', projectId: project.id })).id;
  docId = await saveHugeDoc(call, moduleId);
  shareId = (await call<{ id: string }>('/api/doc/share/add', { moduleId, type: 1, isAll: true })).id;
});

for (const where of ['view', 'share'] as const) {
  test(`${where}: draws a bounded number of rows and finds a row at the sixth level`, async ({ page }) => {
    if (where === 'view') page = await pageWithToken(page.context(), token);
    await page.goto(where === 'view' ? `/view/${docId}` : `/share/${shareId}/${docId}`);
    const grid = page.getByRole('treegrid');
    await expect(grid).toHaveAttribute('aria-rowcount', String(HUGE_ROWS + 1));
    // The light page shows the doc first; the app then takes over with a fresh grid (apps/web/src/reader-main.tsx).
    await expect(page.locator('[data-reader-light]')).toHaveCount(0, { timeout: 30_000 });
    expect(await grid.getByRole('row').count()).toBeLessThan(100);
    await page.getByTestId('param-search').fill(HUGE_DEEP_NAME);
    await page.getByTestId('param-search').press('Enter');
    const found = grid.locator('tr.q-rd-active');
    await expect(found).toContainText(HUGE_DEEP_NAME);
    await expect(found).toHaveAttribute('aria-level', '6');
    await expect(found).toBeInViewport();
    // Examples, code and types of 10,000 params wait for the reader to ask.
    await expect(page.getByTestId('doc-code-on-demand')).toBeVisible();
  });
}

test('editor: draws a bounded number of rows, and an edit of a row at the sixth level is saved', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  await page.goto(`/doc/edit/${moduleId}/${docId}?tab=response`);
  await expect(page.locator('[data-cell="0:name"]')).toBeVisible();
  expect(await page.locator('[data-cell$=":name"]').count()).toBeLessThan(100);
  // Its find box reaches the row (undrawn, and find-in-page never looks inside inputs) and focuses its name.
  const index = hugeDeepIndex();
  await page.getByTestId('param-grid-find').fill(HUGE_DEEP_NAME);
  await page.getByTestId('param-grid-find').press('Enter');
  await expect(page.locator(`[data-cell="${index}:name"]`)).toBeFocused();
  await expect(page.locator(`[data-cell="${index}:name"]`)).toHaveValue(HUGE_DEEP_NAME);
  await page.locator(`[data-cell="${index}:description"]`).fill('Checksum, edited in a 10,000-row doc');
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page.getByText(zh.doc.saved).first()).toBeVisible();
  const doc = await apiCall<{ responseParams: Row[] }>(request, token, `/api/doc/detail?id=${docId}`);
  const deep = (rows: Row[]): Row | undefined => {
    for (const row of rows) {
      if (row.name === HUGE_DEEP_NAME) return row;
      const inner = deep(row.children);
      if (inner) return inner;
    }
    return undefined;
  };
  expect(deep(doc.responseParams)?.description).toBe('Checksum, edited in a 10,000-row doc');
});
