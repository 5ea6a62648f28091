import { StorageKeys } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub.ts';
import { renderRoutes } from '../../test/render.tsx';
import { i18n } from '../lib/i18n.ts';
import { ViewLayout } from './view-layout.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const WIDTH_KEY = 'torna.doc.view.sidebar.width';

/** The reader with an empty project list (the layout's own behaviour, no tree) and a stand-in doc page. */
function renderReader(path = '/view') {
  return renderRoutes(
    [
      {
        path: '/view',
        Component: ViewLayout,
        children: [
          { index: true, element: <p>landing</p> },
          { path: ':docId', element: <p>doc page</p> },
        ],
      },
    ],
    path,
  );
}

const sidebar = () => screen.queryByTestId('view-sidebar');
const sidebarWidth = () => sidebar()?.style.width;

/** A mouse drag on the resizer: pressed at `from`, moved through `moves`, released. */
function drag(from: number, moves: number[]) {
  const bar = screen.getByTestId('sidebar-resizer');
  act(() => {
    fireEvent.pointerDown(bar, { pointerId: 1, clientX: from });
  });
  for (const clientX of moves) {
    act(() => {
      fireEvent.pointerMove(bar, { pointerId: 1, clientX });
    });
  }
  act(() => {
    fireEvent.pointerUp(bar, { pointerId: 1, clientX: moves.at(-1) ?? from });
  });
}

describe('ViewLayout sidebar', { timeout: 20_000 }, () => {
  beforeAll(() => {
    // jsdom has no pointer capture; the browser's only keeps the drag going outside the 8 px bar.
    if (!HTMLElement.prototype.setPointerCapture) HTMLElement.prototype.setPointerCapture = () => undefined;
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/doc/view/projects': () => [] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens 300 px wide, follows a drag only between 50 and 800 px, and stores the width where the drag ends', async () => {
    const view = renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(sidebarWidth()).toBe('300px');

    const bar = screen.getByTestId('sidebar-resizer');
    act(() => {
      fireEvent.pointerDown(bar, { pointerId: 1, clientX: 300 });
    });
    act(() => {
      fireEvent.pointerMove(bar, { pointerId: 1, clientX: 1400 });
    });
    expect(sidebarWidth()).toBe('800px');
    act(() => {
      fireEvent.pointerMove(bar, { pointerId: 1, clientX: -100 });
    });
    expect(sidebarWidth()).toBe('50px');
    // Nothing is stored while the drag is under way.
    expect(localStorage.getItem(WIDTH_KEY)).toBeNull();
    act(() => {
      fireEvent.pointerMove(bar, { pointerId: 1, clientX: 460 });
    });
    act(() => {
      fireEvent.pointerUp(bar, { pointerId: 1, clientX: 460 });
    });
    expect(sidebarWidth()).toBe('460px');
    expect(localStorage.getItem(WIDTH_KEY)).toBe('460');
    // Moving the pointer after the release resizes nothing.
    act(() => {
      fireEvent.pointerMove(bar, { pointerId: 1, clientX: 600 });
    });
    expect(sidebarWidth()).toBe('460px');

    view.unmount();
    renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(sidebarWidth()).toBe('460px');
  });

  it('resizes from the keyboard by 10 px a step, with Home and End for the 50 and 800 px limits', async () => {
    renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    const bar = screen.getByRole('separator', { name: en.reader.resize });
    expect(bar.getAttribute('aria-valuenow')).toBe('300');
    bar.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(sidebarWidth()).toBe('310px');
    expect(localStorage.getItem(WIDTH_KEY)).toBe('310');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(sidebarWidth()).toBe('290px');
    await userEvent.keyboard('{End}{ArrowRight}');
    expect(sidebarWidth()).toBe('800px');
    expect(localStorage.getItem(WIDTH_KEY)).toBe('800');
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(sidebarWidth()).toBe('50px');
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(localStorage.getItem(WIDTH_KEY)).toBe('50');
  });

  it('starts a drag from the stored width', async () => {
    localStorage.setItem(WIDTH_KEY, '500');
    renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(sidebarWidth()).toBe('500px');
    drag(500, [430]);
    expect(sidebarWidth()).toBe('430px');
    expect(localStorage.getItem(WIDTH_KEY)).toBe('430');
  });

  it('remembers under torna.sidebar.open whether the sidebar was closed, over a reload', async () => {
    const view = renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    const toggle = () => screen.getByRole('button', { name: new RegExp(en.layout.toggleMenu) });
    expect(sidebar()).not.toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');

    await userEvent.click(toggle());
    expect(sidebar()).toBeNull();
    expect(localStorage.getItem(StorageKeys.sidebarOpen)).toBe('false');

    view.unmount();
    const reloaded = renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(sidebar()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(toggle());
    expect(sidebar()).not.toBeNull();
    expect(localStorage.getItem(StorageKeys.sidebarOpen)).toBe('true');
    reloaded.unmount();
    renderReader();
    expect(await screen.findByText('landing')).toBeTruthy();
    expect(sidebar()).not.toBeNull();
  });
});

describe('ViewLayout doc tabs', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    stubApi({ 'GET /api/doc/view/projects': () => [] });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Opens d1 then d2 and answers the doc ids of the tabs kept. */
  async function openTwoDocs(): Promise<string[]> {
    const { router } = renderReader('/view/d1');
    expect(await screen.findByText('doc page')).toBeTruthy();
    await act(() => router.navigate('/view/d2'));
    const stored = JSON.parse(localStorage.getItem('torna.doc.view.tabs') ?? '[]') as Array<{
      docId: string;
    }>;
    return stored.map((tab) => tab.docId);
  }

  it('keeps every opened doc as a tab while torna.doc.view.tab.switch was never set', async () => {
    expect(await openTwoDocs()).toEqual(['d1', 'd2']);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-tab-id'))).toEqual(['d1', 'd2']);
  });

  it('keeps only the open doc, without a tab bar, once the setting is saved off', async () => {
    localStorage.setItem(StorageKeys.docViewTabSwitch, 'false');
    expect(await openTwoDocs()).toEqual(['d2']);
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});
