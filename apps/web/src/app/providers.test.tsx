import { render, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './providers.tsx';

/** matchMedia as a system with (or without) "reduce motion" set answers it. */
function stubReducedMotion(reduce: boolean) {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const list = original(query);
    if (!query.includes('prefers-reduced-motion')) return list;
    return { ...list, matches: reduce, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

/**
 * Opens a dialog and returns every class its box wore until it settled. rc-motion always runs the "prepare"
 * step (the dialog's zoom origin is set there); only with motion on does it go on to "-appear-active".
 */
async function classesWhileOpening(): Promise<Set<string>> {
  const seen = new Set<string>();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.target instanceof Element) for (const name of record.target.classList) seen.add(name);
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true });
  render(
    <AppProviders>
      <Modal open title="Dialog">
        body
      </Modal>
    </AppProviders>,
  );
  const box = () => screen.getByRole('dialog').closest('.ant-modal');
  for (const name of box()?.classList ?? []) seen.add(name);
  await waitFor(() => expect(box()?.className).not.toMatch(/prepare/));
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  return seen;
}

describe('AppProviders motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('zooms a dialog in by default', async () => {
    stubReducedMotion(false);
    expect(await classesWhileOpening()).toContain('ant-zoom-appear-active');
  });

  it('shows a dialog in place when the system asks for reduced motion', async () => {
    stubReducedMotion(true);
    const seen = await classesWhileOpening();
    expect(seen).not.toContain('ant-zoom-appear-active');
    expect(screen.getByRole('dialog').closest('.ant-modal')?.className).not.toMatch(/ant-zoom/);
  });
});
