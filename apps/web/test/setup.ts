import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// antd reads matchMedia (responsive observers) and ResizeObserver (Table, Tree); jsdom has neither.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// React's scheduler runs queued work on a later macrotask (setImmediate in Node). Work a file's last test left
// queued (a lazy chunk resolving, a transition) would otherwise run after jsdom is torn down and fail the
// run with "window is not defined"; let it drain while the window still exists.
afterAll(async () => {
  cleanup();
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
});
