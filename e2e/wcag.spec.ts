import { mkdirSync, writeFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeFindings, type Finding, seedTeam, settle, type Team } from './a11y-support.ts';
import { en, zh } from './support.ts';

/*
 * Every route of the spec's screen list, checked with axe-core's WCAG 2.1 A/AA rules and the structure rules
 * (headings in order, landmarks: `STRUCTURE_RULES` in a11y-support.ts) in light and dark (as
 * the system asks: the app follows it), in zh-CN and en, signed in as the super admin and as an anonymous
 * visitor of a share and a composed project. A new screen or colour that breaks a rule fails here.
 *
 * Named to run after `auth.spec.ts` (one worker takes the files in name order): its first test needs the
 * password the server printed still unused, and this spec's `adminToken` replaces it.
 */

const suffix = Date.now().toString(36);
const results = 'e2e/.results/accessibility';
let team: Team;

type Combo = { scheme: 'light' | 'dark'; lang: 'zh-CN' | 'en' };
const COMBOS: Combo[] = [
  { scheme: 'light', lang: 'zh-CN' },
  { scheme: 'dark', lang: 'zh-CN' },
  { scheme: 'light', lang: 'en' },
  { scheme: 'dark', lang: 'en' },
];

/** The signed-in routes: standalone pages, the main layout's, the editors, the reader, the admin area. */
function memberRoutes(t: Team): string[] {
  return [
    '/help',
    '/openapi',
    '/404',
    '/dashboard',
    '/updatePassword',
    `/space/project/${t.space}`,
    `/space/compose/${t.composeSpace}`,
    `/space/info/${t.space}`,
    `/space/member/${t.space}`,
    `/space/openuser/${t.space}`,
    `/project/doc/${t.project}?moduleId=${t.module}`,
    ...['dictionary', 'errorCode', 'settings', 'share', 'constants', 'environment', 'webhooks'].map(
      (tab) => `/project/doc/${t.project}?moduleId=${t.module}&tab=${tab}`,
    ),
    `/project/info/${t.project}`,
    `/project/member/${t.project}`,
    `/project/code/${t.project}`,
    `/doc/edit/${t.module}/${t.doc}`,
    `/doc/edit_custom/${t.module}/${t.markdownDoc}`,
    `/doc/new/${t.module}/${t.folder}`,
    `/doc/copy/${t.module}/${t.doc}`,
    '/user',
    '/user/subscribe/doc',
    '/user/message',
    '/user/systemSetting',
    '/user/tokens',
    `/project/release/${t.project}`,
    `/project/release/${t.project}/${t.release}`,
    `/project/changelog/${t.project}`,
    '/admin/users',
    '/admin/setting',
    '/admin/trash',
    '/admin/audit',
    '/admin/gen',
    '/view',
    `/view/${t.doc}`,
    `/view/${t.markdownDoc}`,
  ];
}

/** The routes an anonymous visitor reaches. */
function visitorRoutes(t: Team): string[] {
  return [
    '/login',
    '/reg',
    '/findPassword',
    '/successLogin',
    `/share/${t.publicShare}`,
    `/share/${t.publicShare}/${t.doc}`,
    `/share/${t.lockedShare}`,
    `/show/${t.show}`,
  ];
}

async function contextPage(browser: Browser, combo: Combo, token: string | null): Promise<Page> {
  const context = await browser.newContext({
    colorScheme: combo.scheme,
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript(
    ({ lang, token: value }) => {
      window.localStorage.setItem('torna.language', lang);
      if (value) window.localStorage.setItem('torna.token', value);
    },
    { lang: combo.lang, token },
  );
  return context.newPage();
}

/**
 * The drawers (a doc's mock configurations, with their tabs; constants; the debug panel; the editor's
 * history): opened by their buttons, and checked on their own (axe `include`), as they live outside the page.
 */
function drawers(t: Team, strings: typeof zh): Array<{ route: string; button: string }> {
  return [
    { route: `/view/${t.doc}`, button: strings.mock.tab },
    { route: `/view/${t.doc}`, button: strings.reader.constants },
    { route: `/view/${t.doc}`, button: strings.debug.open },
    { route: `/doc/edit/${t.module}/${t.doc}`, button: strings.doc.history },
  ];
}

async function checkDrawer(page: Page, route: string, button: string, findings: Finding[]) {
  await page.goto(route);
  await settle(page);
  await page
    .getByRole('button', { name: new RegExp(`${button}$`) })
    .first()
    .click();
  await expect(page.locator('.ant-drawer-open')).toBeVisible();
  await settle(page);
  findings.push(...(await axeFindings(page, `${route} (${button})`, '.ant-drawer-open')));
}

async function check(page: Page, route: string, label: string, findings: Finding[], shot: boolean) {
  await page.goto(route);
  await settle(page);
  findings.push(...(await axeFindings(page, route)));
  if (shot) {
    const name = route.replace(/[/?=&]+/g, '_').replace(/^_/, '') || 'root';
    await page.screenshot({ path: `${results}/${label}/${name.slice(0, 60)}.png`, fullPage: true });
  }
}

function report(label: string, findings: Finding[]) {
  mkdirSync(results, { recursive: true });
  writeFileSync(`${results}/${label}.json`, JSON.stringify(findings, null, 2));
  const elements = findings.reduce((sum, f) => sum + f.targets.length, 0);
  const routes = new Set(findings.map((f) => f.route)).size;
  console.log(`[a11y ${label}] ${elements} violating elements on ${routes} routes`);
  for (const f of findings)
    console.log(`  ${f.route} ${f.rule} (${f.targets.length}): ${f.targets.slice(0, 3).join(' | ')}`);
}

test.beforeAll(async ({ request }) => {
  team = await seedTeam(request, suffix);
});

for (const combo of COMBOS) {
  const label = `${combo.scheme}-${combo.lang}`;
  const strings = combo.lang === 'en' ? en : zh;

  test(`no WCAG 2.1 A/AA violation for a member, ${label}`, async ({ browser }) => {
    // About 45 routes and 4 drawers: 7 to 10 minutes on a loaded 2-core machine, so 20 minutes of room.
    test.setTimeout(1_200_000);
    const page = await contextPage(browser, combo, team.token);
    const findings: Finding[] = [];
    for (const route of memberRoutes(team)) await check(page, route, `member-${label}`, findings, true);
    for (const { route, button } of drawers(team, strings)) await checkDrawer(page, route, button, findings);
    await page.context().close();
    report(`member-${label}`, findings);
    expect(findings.map((f) => `${f.route} ${f.rule}: ${f.targets.join(', ')}`)).toEqual([]);
  });

  test(`no WCAG 2.1 A/AA violation for an anonymous visitor, ${label}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await contextPage(browser, combo, null);
    const findings: Finding[] = [];
    for (const route of visitorRoutes(team)) await check(page, route, `visitor-${label}`, findings, true);
    // Past the password forms: the verified share and the composed project with its additional page.
    await page.goto(`/share/${team.lockedShare}`);
    await page.getByLabel(strings.sharing.passwordLabel).fill(team.sharePassword);
    await page.getByLabel(strings.sharing.passwordLabel).press('Enter');
    await expect(page.getByRole('tree')).toBeVisible();
    await check(page, `/share/${team.lockedShare}/${team.doc}`, `visitor-${label}`, findings, true);
    await page.goto(`/show/${team.show}`);
    await page.getByLabel(strings.sharing.passwordLabel).fill(team.showPassword);
    await page.getByLabel(strings.sharing.passwordLabel).press('Enter');
    await expect(page.getByRole('tree')).toBeVisible();
    await check(page, `/show/${team.show}`, `visitor-${label}`, findings, false);
    await check(page, `/show/${team.show}/${team.doc}`, `visitor-${label}`, findings, true);
    await page.context().close();
    report(`visitor-${label}`, findings);
    expect(findings.map((f) => `${f.route} ${f.rule}: ${f.targets.join(', ')}`)).toEqual([]);
  });
}

// 200 % zoom on a 1280 px wide window is a 640 CSS px viewport (WCAG 1.4.10): the reader and the editor reflow
// without scrolling the page sideways (wide tables and code scroll inside their own boxes).
test('the reader and the editor reflow at 200 % zoom without horizontal page scroll', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 640, height: 450 } });
  await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), team.token);
  const page = await context.newPage();
  for (const route of [
    `/view/${team.doc}`,
    `/doc/edit/${team.module}/${team.doc}`,
    `/share/${team.publicShare}/${team.doc}`,
  ]) {
    await page.goto(route);
    await settle(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    await page.screenshot({ path: `${results}/zoom-${route.split('/')[1]}.png`, fullPage: true });
    expect({ route, overflow }).toEqual({ route, overflow: 0 });
  }
  await context.close();
});
