import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { saveHugeDoc } from './huge-doc.ts';
import { startServer, tempDir } from './lib.ts';
import { benchApi } from './viewer-api.ts';
import { newContext, waitGone, waitShown } from './huge-page.ts';
const base = 'http://127.0.0.1:7716';
const server = await startServer({ QUIRE_DATA_DIR: tempDir('dbg-'), QUIRE_ADMIN_PASSWORD: 'bench-admin-pass' }, 7716);
try {
  const api = benchApi(base);
  const { token } = await api.call<{ token: string }>('', '/api/system/login', { username: 'admin', password: 'bench-admin-pass' });
  const call = <T>(p: string, b?: unknown) => api.call<T>(token, p, b);
  const space = await call<{ id: string }>('/api/space/add', { name: 'B' });
  const project = await call<{ id: string }>('/api/project/add', { name: 'B', spaceId: space.id });
  const module = await call<{ id: string }>('/api/module/add', { name: 'o', projectId: project.id });
  const huge = await saveHugeDoc(call, module.id);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const context = await newContext(browser, token);
  const page = await context.newPage();
  const url = process.argv[2] === 'edit' ? `${base}/doc/edit/${module.id}/${huge}?tab=response` : `${base}/view/${huge}`;
  await page.goto(url);
  await page.waitForTimeout(3000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  if (process.argv[2] === 'edit') { await waitShown(page, '[data-cell="0:name"]'); await page.waitForTimeout(1500); }
  else { await waitShown(page, '[data-testid="param-grid"] tbody tr'); await waitGone(page, '.q-shell, .q-visitor'); await page.waitForTimeout(500); }
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync('/tmp/huge.cpuprofile', JSON.stringify(profile));
  console.log(await page.evaluate('JSON.stringify(window.__long)'));
  await browser.close();
} finally { await server.stop(); }
