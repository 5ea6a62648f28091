import '@quire/reader/reader.css';
import './styles/global.css';
import './styles/reader-shell.css';
import { DocPage, type ReaderHost, ReaderProvider } from '@quire/reader';
import type { DocDetail, Environment } from '@quire/shared';
import { docPage as en } from '@quire/shared/i18n/en/doc-page';
import { docPage as zhCN } from '@quire/shared/i18n/zh-CN/doc-page';
import { useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { sanitizeHtml } from './features/docs/sanitize.ts';
import type { ReaderSeed } from './features/view/reader-seed.ts';

/*
 * The entry of reader.html, the page of /view/{docId}, /share/{shareId}/{docId} and /show/{showId}/{docId}:
 * it shows the doc with @quire/reader alone (React and the reader, no antd, no router, no query cache), from
 * the calls public/reader-boot.js started before this bundle arrived. Only then does it load the whole app,
 * render it off-document with the page's answers already in its cache, and swap it in once it shows the
 * doc: the tree, the tabs, the language and theme selects and the app's controls arrive after the doc
 * instead of before it. Without a doc to show (no token, an encrypted share not unlocked yet, an unknown
 * id), the app starts at once and handles the route as it always did (login, password form, "not found").
 */

interface Answer<T> {
  code: string;
  data: T;
}

type Pending<T> = Promise<Answer<T> | null>;

/** The calls public/reader-boot.js started, per page. */
type BootCalls =
  | {
      kind: 'view';
      path: string;
      docId: string;
      detail: Pending<DocDetail>;
      environments: Pending<Environment[]>;
    }
  | {
      kind: 'share' | 'show';
      path: string;
      id: string;
      docId: string;
      language: string;
      detail: Pending<DocDetail & { environments: Environment[] }>;
      info: Pending<{ moduleName?: string; name?: string }>;
      menu: Pending<unknown>;
      pages?: Pending<unknown>;
    };

/** The data of an answer that succeeded, else null. */
function dataOf<T>(answer: Answer<T> | null): T | null {
  return answer?.code === '0' && answer.data ? answer.data : null;
}

declare global {
  interface Window {
    __quireBoot?: BootCalls;
  }
}

// The swap waits for the app to show the doc, but never longer than this.
const HANDOVER_LIMIT_MS = 15_000;

const root = document.getElementById('root');
if (!root) throw new Error('reader.html has no #root element');
const container: HTMLElement = root;

/** Loads the app's own entry (main.tsx), which starts in `target`, with `seed` in its cache. */
function startApp(target: HTMLElement, seed?: ReaderSeed): Promise<unknown> {
  window.__quireHandover = seed ? { container: target, seed } : undefined;
  return import('./main.tsx');
}

function storedLanguage(): string {
  try {
    const stored = window.localStorage.getItem('torna.language');
    if (stored) return stored;
  } catch {
    // No storage: the URL or the default decides.
  }
  return new URLSearchParams(window.location.search).get('lang') ?? 'zh-CN';
}

/** A short note at the bottom of the page ("Copied"); the app's toasts are not loaded yet. */
function note(text: string): void {
  const element = document.createElement('div');
  element.className = 'q-shell-note';
  element.setAttribute('role', 'status');
  element.textContent = text;
  document.body.append(element);
  setTimeout(() => element.remove(), 2500);
}

function hostFor(renderMarkdown: (source: string) => string): ReaderHost {
  const language = storedLanguage();
  const labels = language === 'en' || language.startsWith('en-') ? en : zhCN;
  return {
    labels,
    language,
    sanitizeHtml,
    renderMarkdown,
    copy: (text) => {
      if (!navigator.clipboard?.writeText) return note(labels.clipboardUnsupported);
      navigator.clipboard.writeText(text).then(
        () => note(labels.copied),
        () => note(labels.copyFailed),
      );
    },
  };
}

/** The sidebar's remembered width, so the doc stands where the app will put it. */
function sidebarWidth(): number {
  try {
    if (window.localStorage.getItem('torna.sidebar.open') === 'false') return 0;
    const width = Number(window.localStorage.getItem('torna.doc.view.sidebar.width'));
    return width > 0 ? Math.min(Math.max(width, 200), 800) : 300;
  } catch {
    return 300;
  }
}

/** Calls `onShown` once the doc is in the page (an effect runs after its commit). */
function useShown(onShown: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit
  useEffect(() => onShown(), []);
}

function LightReader({
  host,
  doc,
  environments,
  onShown,
}: {
  host: ReaderHost;
  doc: DocDetail;
  environments: Environment[];
  onShown: () => void;
}) {
  useShown(onShown);
  const width = sidebarWidth();
  return (
    <div className="q-shell">
      {/* The app's sidebar has 16 px of padding on each side of its width. */}
      {width ? <div className="q-shell-aside" style={{ width: width + 32 }} aria-hidden="true" /> : null}
      <div className="q-shell-main">
        <div className="q-shell-bar" aria-hidden="true" />
        <div className="q-shell-tabs" aria-hidden="true" />
        <main id="main-content" className="q-shell-content">
          <ReaderProvider host={host}>
            <DocPage doc={doc} environments={environments} />
          </ReaderProvider>
        </main>
      </div>
    </div>
  );
}

/**
 * The frame of a share's or composed project's page (the app's VisitorShell: title bar, tree column) drawn
 * around the doc, the title already in it; the tree and the selects come with the app.
 */
function LightVisitorReader({
  host,
  title,
  doc,
  environments,
  onShown,
}: {
  host: ReaderHost;
  title: string;
  doc: DocDetail;
  environments: Environment[];
  onShown: () => void;
}) {
  useShown(onShown);
  return (
    <div className="q-visitor">
      <header className="q-visitor-bar">
        <h1 className="q-visitor-title">{title}</h1>
      </header>
      <div className="q-visitor-body">
        <div className="q-visitor-aside" aria-hidden="true" />
        <main className="q-visitor-main">
          <ReaderProvider host={host}>
            <DocPage doc={doc} environments={environments} forVisitors />
          </ReaderProvider>
        </main>
      </div>
    </div>
  );
}

/**
 * Renders the app off-document and swaps it in for the light page once it shows a doc (or has gone
 * elsewhere, e.g. to the login page), so the reader never sees an empty frame in between.
 */
function handOver(light: Root, path: string, seed: ReaderSeed): void {
  const next = document.createElement('div');
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    light.unmount();
    next.id = 'root';
    container.replaceWith(next);
  };
  const observer = new MutationObserver(() => {
    if (next.querySelector('article[aria-label]') || window.location.pathname !== path) finish();
  });
  observer.observe(next, { childList: true, subtree: true });
  setTimeout(finish, HANDOVER_LIMIT_MS);
  void startApp(next, seed);
}

// The app's code waits for the doc's first paint, but never longer than this.
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Runs `next` once the doc has been painted (the first contentful paint), so the app's code, parsed on the
 * same thread, never holds that paint back; a frame and a task when the browser reports no paint timing, or
 * when the first contentful paint was the heading the boot script or the server drew before the doc.
 */
function afterFirstPaint(next: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    setTimeout(next, 0);
  };
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
    performance.getEntriesByName('first-contentful-paint').length > 0
  ) {
    requestAnimationFrame(run);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    run();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(() => {
    observer.disconnect();
    run();
  }, FIRST_PAINT_WAIT_MS);
}

/** What the light page shows, and the seed the app takes over with. */
interface LightPage {
  doc: DocDetail;
  environments: Environment[];
  /** The visitor frame's title; undefined on /view (the app's reader frame). */
  visitorTitle?: string;
  /**
   * The seed the app takes over with, once the answers it needs besides the doc are in: a share's menu (the
   * tree of every shared doc) can take longer than the doc, and the light page does not wait for it.
   */
  seed: () => Promise<ReaderSeed>;
}

async function lightPageOf(boot: BootCalls): Promise<LightPage | null> {
  if (boot.kind === 'view') {
    const doc = dataOf(await boot.detail);
    if (!doc) return null;
    // Only an HTTP API (type 0) shows environments, as in the app.
    const environments = doc.type === 0 ? await boot.environments : null;
    return {
      doc,
      environments: Array.isArray(environments?.data) ? (dataOf(environments) ?? []) : [],
      seed: async () => ({ kind: 'view', docId: doc.id, detail: doc, environments: environments?.data }),
    };
  }
  const [detail, info] = await Promise.all([boot.detail, boot.info]);
  const doc = dataOf(detail);
  const about = dataOf(info);
  if (!doc || !about) return null;
  return {
    doc,
    environments: Array.isArray(doc.environments) ? doc.environments : [],
    visitorTitle: (boot.kind === 'share' ? about.moduleName : about.name) ?? '',
    seed: async () => {
      const [menu, pages] = await Promise.all([boot.menu, boot.pages]);
      const common = { id: boot.id, docId: boot.docId, detail: doc, info: about, menu: menu?.data };
      return boot.kind === 'share'
        ? { kind: 'share', ...common }
        : { kind: 'show', ...common, language: boot.language, pages: pages?.data };
    },
  };
}

async function start(): Promise<void> {
  const boot = window.__quireBoot;
  // A Markdown description needs markdown-it: its chunk starts loading as soon as the doc says so.
  void boot?.detail.then((answer) => {
    if (dataOf(answer)?.descriptionKind === 'markdown') void import('./features/docs/safe-html.ts');
  });
  const page = boot ? await lightPageOf(boot) : null;
  if (!boot || !page) {
    await startApp(container);
    return;
  }
  const { doc } = page;
  // markdown-it only for a Markdown doc.
  const markdown = doc.descriptionKind === 'markdown' ? await import('./features/docs/safe-html.ts') : null;
  const host = hostFor(markdown?.renderMarkdownSafe ?? sanitizeHtml);
  document.title = `${doc.name} · Quire`; // as the app's doc page names it
  // Marks the light page until the app replaces it (tests and the benchmark tell the two apart by it).
  container.setAttribute('data-reader-light', '');
  // The boot script (or the server) drew the doc's heading: one frame for it to show before the whole doc's
  // render holds the thread, unless it has been painted already.
  const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
  if (container.firstChild && !painted)
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const light = createRoot(container);
  // The app's code starts once the doc itself is in the page and painted, never beside its render (the
  // first contentful paint may have been the heading alone).
  const onShown = () =>
    afterFirstPaint(() => void page.seed().then((seed) => handOver(light, boot.path, seed)));
  light.render(
    page.visitorTitle === undefined ? (
      <LightReader host={host} doc={doc} environments={page.environments} onShown={onShown} />
    ) : (
      <LightVisitorReader
        host={host}
        title={page.visitorTitle}
        doc={doc}
        environments={page.environments}
        onShown={onShown}
      />
    ),
  );
}

void start();
