import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers of the keyboard specs: move by Tab only, and check that every stop shows where the focus is. */

/** The focused element draws an outline or a ring (WCAG 2.4.7); `body` when nothing has the focus. */
export async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const style = getComputedStyle(el);
    const outlined = (s: CSSStyleDeclaration) =>
      s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
    if (outlined(style) || style.boxShadow !== 'none') return 'ring';
    // A composite widget that keeps the focus and points at its active item (aria-activedescendant, antd's
    // Tree) rings that item, or the label box inside it.
    const activeId = el.getAttribute('aria-activedescendant');
    const active = activeId ? document.getElementById(activeId) : null;
    if (active && [active, ...active.querySelectorAll('*')].some((e) => outlined(getComputedStyle(e))))
      return 'ring';
    // antd draws some rings on a box around the focused element, marked with a focus class: a tab's on the
    // tab (`ant-tabs-tab-focus`), a select's or an affixed input's on its wrapper (`ant-select-focused`).
    let box = el.parentElement;
    for (let level = 0; box && level < 3; level++, box = box.parentElement) {
      const boxStyle = getComputedStyle(box);
      if (/-focus(ed)?\b/.test(box.className) && (outlined(boxStyle) || boxStyle.boxShadow !== 'none'))
        return 'ring';
    }
    return `none on ${el.outerHTML.slice(0, 160)}`;
  });
}

export async function expectFocusVisible(page: Page): Promise<void> {
  expect(['ring', 'body']).toContain(await focusRing(page));
}

/** Whether `target` has the focus, or holds the element that has it. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate(
    (el) => el === document.activeElement || el.contains(document.activeElement),
    undefined,
    { timeout: 5_000 },
  );
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `limit` times, checking the focus
 * ring at every stop on the way; fails when the focus never gets there (a trap, or a control Tab skips).
 */
export async function tabTo(page: Page, target: Locator, limit = 60, back = false): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
    await expectFocusVisible(page);
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Chooses `tab` the WAI-ARIA way: Tab enters its tab list at the selected tab (the list's one tab stop), the
 * arrow keys move along the tabs (Down in a vertical list), Enter selects (antd's manual activation).
 */
export async function chooseTab(page: Page, tab: Locator, back = false): Promise<void> {
  const list = tab.locator('xpath=ancestor::*[@role="tablist"][1]');
  await tabTo(page, list, 60, back);
  const next = (await list.getAttribute('aria-orientation')) === 'vertical' ? 'ArrowDown' : 'ArrowRight';
  for (let i = 0; i < 20 && !(await hasFocus(tab)); i++) {
    await page.keyboard.press(next);
    await expectFocusVisible(page);
  }
  await expect(tab).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
