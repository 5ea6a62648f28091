import type { Browser, BrowserContext, Page } from 'playwright-core';

/*
 * Browser measurements of bench/huge.bench.ts: time until a selector shows, and the long tasks (the main
 * thread busy > 50 ms, Chromium's `longtask` entries) inside a phase of the page's life.
 * Page code is passed as strings: tsx's helpers do not exist inside the page.
 */

// Installed before any script of the page runs, so the open's long tasks are seen too.
const OBSERVE = `(() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
})()`;

export async function newContext(browser: Browser, token?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(OBSERVE);
  if (token) await context.addInitScript((value) => window.localStorage.setItem('torna.token', value), token);
  return context;
}

/** Milliseconds from the page's time origin until `selector` shows and a task queued behind the render runs. */
export function waitShown(page: Page, selector: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('not shown in 60 s: ' + ${JSON.stringify(selector)})), 60000);
    const check = () => {
      if (document.querySelector(${JSON.stringify(selector)})) {
        clearTimeout(give);
        setTimeout(() => resolve(performance.now()), 0);
      } else requestAnimationFrame(check);
    };
    check();
  })`);
}

/** Page clock once nothing matches `selector` any more (the page's CSP forbids waitForFunction's eval). */
export function waitGone(page: Page, selector: string): Promise<number> {
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('still there after 60 s: ' + ${JSON.stringify(selector)})), 60000);
    const check = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) {
        clearTimeout(give);
        resolve(performance.now());
      } else requestAnimationFrame(check);
    };
    check();
  })`);
}

export const now = (page: Page) => page.evaluate<number>('performance.now()');

/** The longest task (ms) that started between `from` and `to` (page clock), 0 if none. */
export async function longestTask(page: Page, from: number, to: number): Promise<number> {
  // A task still running at `to` is reported when it ends: give the observer a frame to deliver it.
  await page.waitForTimeout(100);
  const tasks = await page.evaluate<Array<[number, number]>>('window.__long');
  let longest = 0;
  for (const [start, duration] of tasks)
    if (start >= from && start <= to) longest = Math.max(longest, duration);
  return longest;
}

/**
 * Scrolls the scroll box around `selector` as a reader does: 30 wheel turns of 300 px over it, then jumps of
 * the scrollbar to a quarter, the middle, three quarters and the end. Returns the longest task meanwhile.
 */
export async function scrollPhase(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`no box for ${selector}`);
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 200));
  const from = await now(page);
  for (let i = 0; i < 30; i++) {
    await page.mouse.wheel(0, 300);
    await page.waitForTimeout(16);
  }
  for (const at of [0.25, 0.5, 0.75, 1]) {
    await page.evaluate(`(() => {
      let el = document.querySelector(${JSON.stringify(selector)});
      while (el && !(el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY !== 'visible'))
        el = el.parentElement;
      el = el || document.scrollingElement;
      if (el) el.scrollTop = (el.scrollHeight - el.clientHeight) * ${at};
    })()`);
    await page.waitForTimeout(120);
  }
  return longestTask(page, from, await now(page));
}

/** Types `text` into the focused field key by key; the longest task meanwhile and each key's latency. */
export async function typePhase(page: Page, text: string): Promise<{ longest: number; keys: number[] }> {
  await page.evaluate(`(() => {
    window.__lat = [];
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - start), 0));
    }, true);
  })()`);
  const from = await now(page);
  await page.keyboard.type(text, { delay: 60 });
  await page.waitForTimeout(200);
  const longest = await longestTask(page, from, await now(page));
  return { longest, keys: await page.evaluate<number[]>('window.__lat') };
}
