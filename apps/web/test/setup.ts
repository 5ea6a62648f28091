import { createRequire } from 'node:module';
import { act, cleanup, configure } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach } from 'vitest';

// `findBy*` and `waitFor` give up after 1 s by default: full antd screens on a loaded 2-core CI machine can
// take longer to settle, and a give-up there is a false failure, not a finding. Each test's own limit still
// bounds the wait.
configure({ asyncUtilTimeout: 5_000 });

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

// React roots that Testing Library's cleanup does not know: antd mounts its own for a button's wave effect and
// for the static message/Modal API. One left mounted keeps its timers (a toast closes after 3 s) and commits
// after the test, or after jsdom is gone ("window is not defined" at the end of the run). Roots made through
// react-dom/client by modules loaded after this file (antd's) are tracked here, and any still mounted after a
// test is unmounted; Testing Library's own roots are its cleanup's business.
const liveRoots = new Set<Root>();
const reactDomClient = createRequire(import.meta.url)('react-dom/client') as {
  createRoot: (...args: unknown[]) => Root;
};
const createRoot = reactDomClient.createRoot;
reactDomClient.createRoot = (...args) => {
  const root = createRoot(...args);
  const unmount = root.unmount.bind(root);
  root.unmount = () => {
    liveRoots.delete(root);
    unmount();
  };
  liveRoots.add(root);
  return root;
};

afterEach(() => {
  cleanup();
  if (liveRoots.size > 0) {
    act(() => {
      for (const root of [...liveRoots]) root.unmount();
    });
  }
  localStorage.clear();
});

// React's scheduler runs queued work on a later macrotask (setImmediate in Node). Work a file's last test left
// queued (a lazy chunk resolving, a transition) would otherwise run after jsdom is torn down and fail the
// run with "window is not defined". The scheduler captures setImmediate when it loads, after this file, so
// counting the immediates still pending tells when it is idle; afterAll waits for a quiet spell (on a loaded
// machine a lazy chunk can take a few hundred milliseconds to arrive), at most three seconds.
const pendingImmediates = new Set<NodeJS.Immediate>();
const nodeSetImmediate = globalThis.setImmediate;
const nodeClearImmediate = globalThis.clearImmediate;
globalThis.setImmediate = Object.assign(
  <A extends unknown[]>(callback: (...args: A) => void, ...args: A) => {
    const immediate = nodeSetImmediate(() => {
      pendingImmediates.delete(immediate);
      callback(...args);
    });
    pendingImmediates.add(immediate);
    return immediate;
  },
  { __promisify__: nodeSetImmediate.__promisify__ },
) as typeof setImmediate;
globalThis.clearImmediate = (immediate) => {
  if (immediate) pendingImmediates.delete(immediate);
  nodeClearImmediate(immediate);
};

afterAll(async () => {
  cleanup();
  const deadline = Date.now() + 3000;
  let quietChecks = 0;
  while (quietChecks < 5 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    quietChecks = pendingImmediates.size === 0 ? quietChecks + 1 : 0;
  }
});
