import '@quire/reader/reader.css';
import './styles/global.css';
import './styles/reader-shell.css';
import { DocPage, type ReaderHost, ReaderProvider } from '@quire/reader';
import type { DocDetail, Environment } from '@quire/shared';
import { docPage as en } from '@quire/shared/i18n/en/doc-page';
import { docPage as zhCN } from '@quire/shared/i18n/zh-CN/doc-page';
import { createRoot, type Root } from 'react-dom/client';
import { sanitizeHtml } from './features/docs/sanitize.ts';
import type { ReaderSeed } from './features/view/reader-seed.ts';

/*
 * The entry of reader.html, the page of /view/{docId}: it shows the doc with @quire/reader alone (React and
 * the reader, no antd, no router, no query cache), from the calls public/reader-boot.js started before this
 * bundle arrived. Only then does it load the whole app, render it off-document with the doc already in its
 * cache, and swap it in once it shows the doc: the tree, the tabs and the app's controls arrive after the
 * doc instead of before it. Without a token or a doc to show, the app starts at once and handles the
 * route as it always did (login, "no such doc").
 */

interface Answer<T> {
  code: string;
  data: T;
}

declare global {
  interface Window {
    __quireBoot?: {
      path: string;
      detail: Promise<Answer<DocDetail> | null>;
      environments: Promise<Answer<Environment[]> | null>;
    };
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

function LightReader({
  host,
  doc,
  environments,
}: {
  host: ReaderHost;
  doc: DocDetail;
  environments: Environment[];
}) {
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

async function start(): Promise<void> {
  const boot = window.__quireBoot;
  const detail = boot ? await boot.detail : null;
  if (!boot || detail?.code !== '0' || !detail.data) {
    await startApp(container);
    return;
  }
  const doc = detail.data;
  const [markdown, environments] = await Promise.all([
    // markdown-it only for a Markdown doc.
    doc.descriptionKind === 'markdown' ? import('./features/docs/safe-html.ts') : null,
    boot.environments,
  ]);
  const envList = environments?.code === '0' && Array.isArray(environments.data) ? environments.data : [];
  const host = hostFor(markdown?.renderMarkdownSafe ?? sanitizeHtml);
  document.title = `${doc.name} · Quire`; // as the app's doc page names it
  // Marks the light page until the app replaces it (tests and the benchmark tell the two apart by it).
  container.setAttribute('data-reader-light', '');
  const light = createRoot(container);
  light.render(<LightReader host={host} doc={doc} environments={envList} />);
  const seed: ReaderSeed = { docId: doc.id, detail: doc, environments: environments?.data };
  // The app's code loads once the doc is on screen: a frame, then a task after it.
  requestAnimationFrame(() => setTimeout(() => handOver(light, boot.path, seed), 0));
}

void start();
