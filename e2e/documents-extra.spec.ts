import { expect, type Page, test } from '@playwright/test';
import { adminToken, apiCall, pageWithToken } from './doc-support.ts';
import { zh } from './support.ts';

/*
 * The rest of the documents area as a user meets it: dictionaries linked from a param, error codes and
 * constants of an application and of a project, the copy routes, global params per environment (and what a
 * doc's readers get from them), bulk import from a header block, the trash for deleted docs, and the warning
 * before a restore drops unsaved edits.
 */

const suffix = Date.now().toString(36);
let token = '';
let projectId = '';
let moduleId = '';

type Row = { name: string; isGlobal?: boolean; children: Row[] };
const names = (rows: Row[]): unknown =>
  rows.map((row) => (row.children.length ? [row.name, names(row.children)] : row.name));

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  token = await adminToken(request);
  const space = await apiCall<{ id: string }>(request, token, '/api/space/add', { name: `Extra ${suffix}` });
  projectId = (
    await apiCall<{ id: string }>(request, token, '/api/project/add', { name: 'Billing', spaceId: space.id })
  ).id;
  moduleId = (
    await apiCall<{ id: string }>(request, token, '/api/module/add', { name: 'invoices', projectId })
  ).id;
});

const moduleTab = (page: Page, tab: string) =>
  page.goto(`/project/doc/${projectId}?moduleId=${moduleId}&tab=${tab}`);

test('the dictionaries tab: a dictionary with items, linked from a param, shows its items in the editor', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  await moduleTab(page, 'dictionary');
  await page.getByRole('button', { name: zh.dict.add }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(zh.dict.name, { exact: true }).fill('InvoiceStatus');
  await dialog.getByLabel(zh.dict.description, { exact: true }).fill('Where an invoice stands');
  await dialog.getByRole('button', { name: zh.common.save }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: zh.dict.addItem }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(zh.dict.itemName, { exact: true }).fill('PAID');
  await dialog.getByLabel(zh.dict.itemValue, { exact: true }).fill('1');
  await dialog.getByLabel(zh.dict.itemDescription, { exact: true }).fill('Paid in full');
  await dialog.getByRole('button', { name: zh.common.save }).click();
  await expect(page.getByRole('cell', { name: 'Paid in full' })).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/dictionaries-tab.png' });

  const doc = await apiCall<{ id: string }>(request, token, '/api/doc/save', {
    moduleId,
    name: 'Get invoice',
    url: '/invoices/{id}',
    httpMethod: 'GET',
    responseParams: [{ name: 'status', type: 'enum' }],
  });
  await page.goto(`/doc/edit/${moduleId}/${doc.id}?tab=response`);
  await page.getByLabel(`${zh.doc.col.enum} 1`, { exact: true }).selectOption({ label: 'InvoiceStatus' });
  await page.getByRole('button', { name: zh.doc.dictItems.replace('{0}', 'InvoiceStatus') }).click();
  await expect(page.getByRole('tooltip').getByText('Paid in full')).toBeVisible();
});

test('error codes and the constants page, of an application and of a project, are saved and shown again', async ({
  page,
}) => {
  page = await pageWithToken(page.context(), token);
  await moduleTab(page, 'errorCode');
  await page.getByRole('button', { name: zh.doc.addRow }).click();
  await page.getByLabel(`${zh.doc.col.code} 1`, { exact: true }).fill('INV-404');
  await page.getByLabel(`${zh.doc.col.description} 1`, { exact: true }).fill('No such invoice');
  await page.getByLabel(`${zh.doc.col.solution} 1`, { exact: true }).fill('Check the id');
  await page.getByRole('button', { name: zh.codes.saveTable }).click();
  await expect(page.getByText(zh.codes.saved).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`${zh.doc.col.code} 1`, { exact: true })).toHaveValue('INV-404');

  await moduleTab(page, 'constants');
  const moduleText = page.getByRole('textbox', { name: zh.codes.constantsPage });
  await moduleText.click();
  await page.keyboard.type('Amounts are in cents.');
  await page.getByRole('button', { name: zh.codes.savePage }).click();
  await expect(page.getByText(zh.codes.saved).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: zh.codes.constantsPage })).toContainText(
    'Amounts are in cents.',
  );

  await page.goto(`/project/code/${projectId}`);
  await page.getByRole('button', { name: zh.doc.addRow }).click();
  await page.getByLabel(`${zh.doc.col.code} 1`, { exact: true }).fill('50000');
  await page.getByLabel(`${zh.doc.col.description} 1`, { exact: true }).fill('Billing is down');
  await page.getByRole('button', { name: zh.codes.saveTable }).click();
  await expect(page.getByText(zh.codes.saved).first()).toBeVisible();
  // The project page holds the error codes and, below them, the constants page.
  const projectText = page.getByRole('textbox', { name: zh.codes.constantsPage });
  await projectText.click();
  await page.keyboard.type('Project-wide rules.');
  await page.getByRole('button', { name: zh.codes.savePage }).click();
  await expect(page.getByText(zh.codes.saved).first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`${zh.doc.col.code} 1`, { exact: true })).toHaveValue('50000');
  await page.screenshot({ path: 'e2e/.results/project-code-page.png', fullPage: true });
  await expect(page.getByRole('textbox', { name: zh.codes.constantsPage })).toContainText(
    'Project-wide rules.',
  );
});

test('the copy routes open a copy in the editor; saving makes a new doc and leaves the original alone', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  const original = await apiCall<{ id: string }>(request, token, '/api/doc/save', {
    moduleId,
    name: 'Create invoice',
    url: '/invoices',
    httpMethod: 'POST',
    requestParams: [{ name: 'amount', type: 'number' }],
  });
  await page.goto(`/doc/copy/${moduleId}/${original.id}`);
  await expect(page.getByLabel(zh.doc.name, { exact: true })).toHaveValue('Create invoice Copy');
  await page.locator('#doc-url').fill('/invoices/draft');
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit\/\w+\/\w+$/);
  const copyId = page.url().split('/').at(-1) ?? '';
  expect(copyId).not.toBe(original.id);
  const copy = await apiCall<{ url: string; requestParams: Row[] }>(
    request,
    token,
    `/api/doc/detail?id=${copyId}`,
  );
  expect(copy.url).toBe('/invoices/draft');
  expect(names(copy.requestParams)).toEqual(['amount']);
  expect((await apiCall<{ url: string }>(request, token, `/api/doc/detail?id=${original.id}`)).url).toBe(
    '/invoices',
  );

  const markdown = await apiCall<{ id: string }>(request, token, '/api/doc/save', {
    moduleId,
    name: 'Billing guide',
    type: 3,
    description: '# Billing\n\nInvoices are **final**.',
  });
  await page.goto(`/doc/copy_custom/${moduleId}/${markdown.id}`);
  await expect(page.getByLabel(zh.doc.name, { exact: true })).toHaveValue('Billing guide Copy');
  await expect(page.getByRole('region', { name: zh.doc.markdownPreview }).getByRole('heading')).toHaveText(
    'Billing',
  );
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit_custom\/\w+\/\w+$/);
  const mdCopy = page.url().split('/').at(-1) ?? '';
  const saved = await apiCall<{ type: number; description: string }>(
    request,
    token,
    `/api/doc/detail?id=${mdCopy}`,
  );
  expect(saved).toMatchObject({ type: 3, description: '# Billing\n\nInvoices are **final**.' });
});

test('global headers and returns per environment: edited as trees, saved, and applied to the docs that use them', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  await apiCall(request, token, '/api/module/environment/add', {
    moduleId,
    name: 'staging',
    baseUrl: 'http://127.0.0.1:9000',
  });
  const doc = await apiCall<{ id: string }>(request, token, '/api/doc/save', {
    moduleId,
    name: 'List invoices',
    url: '/invoices',
    httpMethod: 'GET',
    headerParams: [{ name: 'x-token' }],
    responseParams: [{ name: 'total', type: 'number' }],
  });
  await moduleTab(page, 'environment');
  const card = page.getByRole('region', { name: zh.globals.title });
  await expect(card).toBeVisible();

  // Headers from a block copied out of the browser's network panel.
  await card.getByRole('button', { name: zh.paramImport.button }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel(zh.paramImport.text)
    .fill('GET /invoices HTTP/1.1\nX-Token: abc123\nX-Tenant: acme');
  await expect(
    dialog.getByText(zh.paramImport.detected.replace('{0}', zh.paramImport.format.lines)),
  ).toBeVisible();
  await dialog.getByRole('button', { name: zh.paramImport.ok }).click();
  const headers = card.getByRole('region', { name: zh.globals.headers });
  await expect(headers.getByLabel(`${zh.doc.col.name} 2`, { exact: true })).toHaveValue('X-Tenant');

  await card.getByRole('tab', { name: new RegExp(zh.globals.returns) }).click();
  const returns = card.getByRole('region', { name: zh.globals.returns });
  await card.getByRole('button', { name: zh.doc.addRow }).click();
  await returns.getByLabel(`${zh.doc.col.name} 1`, { exact: true }).fill('code');
  await returns.getByLabel(`${zh.doc.col.type} 1`, { exact: true }).selectOption('number');
  await card.getByRole('button', { name: zh.doc.addRow }).click();
  await returns.getByLabel(`${zh.doc.col.name} 2`, { exact: true }).fill('data');
  await returns.getByLabel(`${zh.doc.col.type} 2`, { exact: true }).selectOption('object');
  await card.getByLabel(zh.globals.dataNodeOf).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .getByTitle('data', { exact: true })
    .click();
  await expect(card.getByText(zh.globals.unsaved)).toBeVisible();
  await page.screenshot({ path: 'e2e/.results/environment-globals.png', fullPage: true });
  await card.getByRole('button', { name: zh.globals.save }).click();
  await expect(page.getByText(zh.globals.saved).first()).toBeVisible();

  await page.reload();
  await page.getByText(zh.globals.title).scrollIntoViewIfNeeded();
  await expect(
    page
      .getByRole('region', { name: zh.globals.headers })
      .getByLabel(`${zh.doc.col.name} 1`, { exact: true }),
  ).toHaveValue('X-Token');

  type Applied = Record<'headerParams' | 'responseParams', Row[]>;
  const applied = await apiCall<Applied>(request, token, `/api/doc/applied?id=${doc.id}`);
  // The global X-Token replaces the doc's own x-token; the doc's response goes under the data node.
  expect(names(applied.headerParams)).toEqual(['X-Token', 'X-Tenant']);
  expect(names(applied.responseParams)).toEqual(['code', ['data', ['total']]]);

  // A doc that turns "use global returns" off keeps its own response.
  await page.goto(`/doc/edit/${moduleId}/${doc.id}?tab=response`);
  await page.getByRole('switch', { name: zh.doc.useGlobalReturns }).click();
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page.getByText(zh.doc.saved).first()).toBeVisible();
  const off = await apiCall<Applied>(request, token, `/api/doc/applied?id=${doc.id}`);
  expect(names(off.responseParams)).toEqual(['total']);
});

test('a deleted doc is in the admin trash and comes back; restoring over unsaved edits asks first', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  const doc = await apiCall<{ id: string; revision: number }>(request, token, '/api/doc/save', {
    moduleId,
    name: 'Void invoice',
    url: '/invoices/{id}/void',
    httpMethod: 'POST',
  });
  await apiCall(request, token, '/api/doc/save', {
    id: doc.id,
    revision: doc.revision,
    moduleId,
    name: 'Void an invoice',
    url: '/invoices/{id}/void',
    httpMethod: 'POST',
  });

  await page.goto(`/doc/edit/${moduleId}/${doc.id}`);
  await page.getByLabel(zh.doc.name, { exact: true }).fill('Unsaved title');
  await page.getByRole('button', { name: zh.doc.history }).click();
  await page
    .getByRole('button', { name: `${zh.doc.restore} ${zh.doc.revision.replace('{0}', '1')}` })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: zh.docTools.restoreDirtyTitle });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: zh.common.cancel }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel(zh.doc.name, { exact: true })).toHaveValue('Unsaved title');

  await apiCall(request, token, '/api/doc/delete', { id: doc.id });
  page.on('dialog', (d) => void d.accept());
  await page.goto('/admin/trash');
  const row = page.getByRole('row', { name: /Void an invoice/ });
  await expect(row).toContainText(zh.docTools.trashDoc);
  await expect(row).toContainText('invoices');
  await page.screenshot({ path: 'e2e/.results/admin-trash-doc.png' });
  await row.getByRole('button', { name: zh.admin.restore }).click();
  await page.getByRole('tooltip').getByRole('button', { name: zh.admin.restore }).click();
  await expect(page.getByText(zh.admin.restored).first()).toBeVisible();
  const back = await apiCall<{ name: string }>(request, token, `/api/doc/detail?id=${doc.id}`);
  expect(back.name).toBe('Void an invoice');
});

test('the doc tree: a folder from its dialog, a doc created inside it, lock, filter, and delete after a confirm', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  await moduleTab(page, 'docs');
  // The application's tab panel: the toolbar and the tree.
  const tree = page.getByRole('tabpanel', { name: zh.module.tabs.docs });
  await tree.getByRole('button', { name: zh.doc.newFolder }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(zh.doc.folderName).fill('Payments');
  await dialog.getByRole('button', { name: zh.common.save }).click();
  await expect(dialog).toBeHidden();

  // "New doc here" opens /doc/new/{moduleId}/{parentId}: the doc is saved into the folder.
  await tree.getByRole('button', { name: `${zh.doc.edit} Payments` }).click();
  await page.getByRole('menuitem', { name: zh.doc.addDocHere }).click();
  await expect(page).toHaveURL(new RegExp(`/doc/new/${moduleId}/\\w+$`));
  await page.getByLabel(zh.doc.name, { exact: true }).fill('Refund payment');
  await page.locator('#doc-url').fill('/payments/{id}/refund');
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit\/\w+\/\w+$/);
  const docId = page.url().split('/').at(-1) ?? '';
  const rows = await apiCall<Array<{ id: string; name: string; parentId: string }>>(
    request,
    token,
    `/api/doc/list?moduleId=${moduleId}`,
  );
  const folder = rows.find((row) => row.name === 'Payments');
  expect(rows.find((row) => row.id === docId)?.parentId).toBe(folder?.id);

  await moduleTab(page, 'docs');
  await tree.getByText('Payments', { exact: true }).click();
  // The tree re-creates the rows once its expand animation ends; a menu opened before that would close.
  await expect(tree.locator('.ant-tree-treenode-motion')).toHaveCount(0);
  await tree.getByRole('button', { name: `${zh.doc.edit} Refund payment` }).click();
  await page.getByRole('menuitem', { name: zh.doc.lock }).click();
  // A menu action stays on the tree (it used to open the editor as well).
  await expect(page).toHaveURL(/\/project\/doc\//);
  await expect(tree.locator('.anticon-lock')).toBeVisible();
  expect((await apiCall<{ isLocked: boolean }>(request, token, `/api/doc/detail?id=${docId}`)).isLocked).toBe(
    true,
  );

  await tree.getByLabel(zh.doc.filter).fill('refund');
  await expect(tree.getByText('Refund payment')).toBeVisible();
  await expect(tree.getByText('Create invoice', { exact: true })).toBeHidden();
  await page.screenshot({ path: 'e2e/.results/doc-tree.png' });
  await tree.getByLabel(zh.doc.filter).fill('');

  await tree.getByRole('button', { name: `${zh.doc.edit} Payments` }).click();
  await page.getByRole('menuitem', { name: zh.common.delete }).click();
  dialog = page.getByRole('dialog').filter({ hasText: zh.doc.deleteTitle.replace('{0}', 'Payments') });
  await dialog.getByRole('button', { name: zh.common.delete }).click();
  await expect(tree.getByText('Refund payment')).toBeHidden();
  const after = await apiCall<Array<{ id: string }>>(request, token, `/api/doc/list?moduleId=${moduleId}`);
  expect(after.some((row) => row.id === docId || row.id === folder?.id)).toBe(false);
});

test('a Dubbo doc keeps its service facts, and a custom doc its rich text, through save and reload', async ({
  page,
  request,
}) => {
  page = await pageWithToken(page.context(), token);
  await page.goto(`/doc/new/${moduleId}?type=1`);
  await page.getByLabel(zh.doc.name, { exact: true }).fill('InvoiceService.find');
  await page.locator('#dubbo-interfaceName').fill('com.example.InvoiceService');
  await page.locator('#dubbo-version').fill('1.2.0');
  await page.locator('#dubbo-protocol').fill('dubbo');
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit\/\w+\/\w+$/);
  const dubboId = page.url().split('/').at(-1) ?? '';
  const props = await apiCall<{ interfaceName: string; version: string; protocol: string }>(
    request,
    token,
    `/api/prop/getDocProps?id=${dubboId}`,
  );
  expect(props).toMatchObject({
    interfaceName: 'com.example.InvoiceService',
    version: '1.2.0',
    protocol: 'dubbo',
  });
  await page.reload();
  await expect(page.locator('#dubbo-interfaceName')).toHaveValue('com.example.InvoiceService');

  await page.goto(`/doc/new/${moduleId}?type=2`);
  await page.getByLabel(zh.doc.name, { exact: true }).fill('Billing FAQ');
  const body = page.getByRole('textbox', { name: zh.doc.richText });
  await body.click();
  await page.keyboard.type('Refunds take five days.');
  await page.getByRole('button', { name: zh.doc.save }).click();
  await expect(page).toHaveURL(/\/doc\/edit_custom\/\w+\/\w+$/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: zh.doc.richText })).toContainText('Refunds take five days.');
  const customId = page.url().split('/').at(-1) ?? '';
  const saved = await apiCall<{ type: number; description: string }>(
    request,
    token,
    `/api/doc/detail?id=${customId}`,
  );
  expect(saved).toMatchObject({ type: 2, description: '<p>Refunds take five days.</p>' });
});

test('the doc tree moves a doc into a folder by drag and drop', async ({ page, request }) => {
  const folderId = (
    await apiCall<{ id: string }>(request, token, '/api/doc/folder/add', { name: 'Archive', moduleId })
  ).id;
  const docId = (
    await apiCall<{ id: string }>(request, token, '/api/doc/save', {
      moduleId,
      name: 'Old export',
      url: '/exports/old',
      httpMethod: 'GET',
    })
  ).id;
  page = await pageWithToken(page.context(), token);
  await moduleTab(page, 'docs');
  const tree = page.getByRole('tabpanel', { name: zh.module.tabs.docs });
  const title = (name: string) =>
    tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: name }).first();
  await expect(title('Old export')).toBeVisible();
  // Onto the folder's title and a step to the right: the tree reads a move right by one indent as
  // "into" (straight down would drop beside the folder), as a user nests a doc.
  const box = await title('Archive').boundingBox();
  await title('Old export').dragTo(title('Archive'), {
    sourcePosition: { x: 12, y: 8 },
    targetPosition: { x: 12 + 40, y: (box?.height ?? 24) / 2 },
  });
  await expect(page.getByText(zh.doc.moved)).toBeVisible();
  await expect
    .poll(async () => {
      const rows = await apiCall<Array<{ id: string; parentId: string }>>(
        request,
        token,
        `/api/doc/list?moduleId=${moduleId}`,
      );
      return rows.find((row) => row.id === docId)?.parentId;
    })
    .toBe(folderId);
});
