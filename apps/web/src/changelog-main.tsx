import './styles/global.css';
import './styles/main-shell.css';
import type { ProjectChangelog } from '@quire/shared';
import { releases as en } from '@quire/shared/i18n/en/releases';
import { releases as zhCN } from '@quire/shared/i18n/zh-CN/releases';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ReleaseText } from './features/releases/components/change-operations.tsx';
import { PlainChangelog } from './features/releases/components/plain-changelog.tsx';
import type { ReaderSeed } from './features/view/reader-seed.ts';

/*
 * The entry of changelog.html, the page of /project/changelog/{projectId}: it shows the changelog (the changes
 * since the newest valid release, then the releases) in plain elements (React alone: no antd, no router, no
 * query cache) from the call public/changelog-boot.js started before this bundle arrived, inside the empty
 * frame of the app's main layout. Only then does it load the whole app, render it off-document with the answer
 * already in its cache (features/view/reader-seed.ts) and swap it in once the app shows the list: the rail,
 * the breadcrumb and the application select come after the list instead of before it, as the light reader
 * page does for a doc (src/reader-main.tsx). Without a list to show (no token, 401, 404, no access, a
 * language without a built-in pack), the app starts at once and handles the route as it always did.
 */

interface Answer<T> {
  code: string;
  data: T;
}

/** The call public/changelog-boot.js started. */
interface ChangelogBoot {
  kind: 'changelog';
  path: string;
  projectId: string;
  moduleId: string;
  limit: number;
  language: string;
  changelog: Promise<Answer<ProjectChangelog> | null>;
}

// The swap waits for the app to show the list, but never longer than this.
const HANDOVER_LIMIT_MS = 15_000;

const root = document.getElementById('root');
if (!root) throw new Error('changelog.html has no #root element');
const container: HTMLElement = root;

/** Loads the app's own entry (main.tsx), which starts in `target`, with `seed` in its cache. */
function startApp(target: HTMLElement, seed?: ReaderSeed): Promise<unknown> {
  window.__quireHandover = seed ? { container: target, seed } : undefined;
  return import('./main.tsx');
}

/** The built-in pack of `language` ('zh' is Torna's link form of Chinese), or null for any other language. */
function packOf(language: string): typeof en | null {
  if (language === 'en' || language.startsWith('en-')) return en;
  if (language === 'zh-CN' || language === 'zh') return zhCN;
  return null;
}

/** The pack's text with `{0}`, `{1}` filled in, as i18next fills them in the app. */
function textOf(pack: typeof en): ReleaseText {
  return (key, args) =>
    pack[key].replace(/\{(\d+)\}/g, (whole, index: string) => {
      const value = args?.[Number(index)];
      return value === undefined ? whole : String(value);
    });
}

/** The answer's changelog when the call succeeded, else null. */
function changelogOf(answer: Answer<ProjectChangelog> | null): ProjectChangelog | null {
  return answer?.code === '0' && answer.data && Array.isArray(answer.data.releases) ? answer.data : null;
}

function LightChangelog({
  boot,
  first,
  text,
  onShown,
  onAnswer,
}: {
  boot: ChangelogBoot;
  first: ProjectChangelog;
  text: ReleaseText;
  onShown: () => void;
  onAnswer: (limit: number, log: ProjectChangelog) => void;
}) {
  const [log, setLog] = useState(first);
  const [loadingMore, setLoadingMore] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit
  useEffect(() => onShown(), []);
  // "Show more" before the app is there: the same call with a larger limit; the app takes over with it.
  const onMore = (limit: number) => {
    setLoadingMore(true);
    void more(boot, limit).then((next) => {
      setLoadingMore(false);
      if (!next) return;
      onAnswer(limit, next);
      setLog(next);
    });
  };
  return (
    <div className="q-main-shell">
      <div className="q-main-shell-rail" aria-hidden="true" />
      <div className="q-main-shell-main">
        <div className="q-main-shell-bar" aria-hidden="true" />
        <main id="main-content" className="q-main-shell-content" tabIndex={-1}>
          <PlainChangelog
            log={log}
            text={text}
            language={boot.language}
            moduleLabel={boot.moduleId ? '' : text('allApplications')}
            onMore={onMore}
            loadingMore={loadingMore}
          />
        </main>
      </div>
    </div>
  );
}

/** The changelog with its first `limit` operations, asked as the boot script asked; null on any failure. */
async function more(boot: ChangelogBoot, limit: number): Promise<ProjectChangelog | null> {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem('torna.token');
  } catch {
    return null;
  }
  const q = encodeURIComponent;
  try {
    const response = await fetch(
      `/api/project/changelog?projectId=${q(boot.projectId)}&moduleId=${q(boot.moduleId)}&limit=${limit}`,
      {
        headers: {
          Accept: 'application/json',
          'Accept-Language': boot.language,
          Authorization: `Bearer ${token ?? ''}`,
        },
      },
    );
    return changelogOf((await response.json()) as Answer<ProjectChangelog>);
  } catch {
    return null;
  }
}

/**
 * Renders the app off-document and swaps it in for the light page once it shows the list (or has gone
 * elsewhere, e.g. to the login page), so the reader never sees an empty frame in between.
 */
function handOver(light: { unmount: () => void }, path: string, seed: ReaderSeed): void {
  const next = document.createElement('div');
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    // A keyboard user on the light page (its "show more") goes on from the app's main region, not the body.
    const hadFocus = container.contains(document.activeElement);
    light.unmount();
    next.id = 'root';
    container.replaceWith(next);
    if (hadFocus) next.querySelector<HTMLElement>('#main-content')?.focus();
  };
  const observer = new MutationObserver(() => {
    // The app's list (or its "no release yet" card) below the rail the light page does not draw.
    const listed = next.querySelector('main li[data-level], main .ant-card .ant-empty');
    if ((listed && next.querySelector('aside nav')) || window.location.pathname !== path) finish();
  });
  observer.observe(next, { childList: true, subtree: true });
  setTimeout(finish, HANDOVER_LIMIT_MS);
  void startApp(next, seed);
}

/** Runs `next` after the list's first paint (a frame, then a task), so the app's parsing never holds it back. */
function afterPaint(next: () => void): void {
  requestAnimationFrame(() => setTimeout(next, 0));
}

async function start(): Promise<void> {
  // Declared by reader-main.tsx for its own pages; this page's boot script leaves a changelog there.
  const boot = (window as { __quireBoot?: unknown }).__quireBoot as ChangelogBoot | undefined;
  const pack = boot?.kind === 'changelog' ? packOf(boot.language) : null;
  const first = boot && pack ? changelogOf(await boot.changelog) : null;
  if (!boot || !pack || !first) {
    await startApp(container);
    return;
  }
  const text = textOf(pack);
  document.documentElement.lang = pack === en ? 'en' : 'zh-CN';
  document.title = `${text('changelog')} · Quire`; // as the app's page names it
  // Marks the light page until the app replaces it (tests and the benchmark tell the two apart by it).
  container.setAttribute('data-changelog-light', '');
  // One object, changed in place by a "show more" answered on the light page: the app reads it when it seeds
  // its cache (start-app.tsx), after its own code has loaded, so it takes over with what the page shows by then.
  const seed: Extract<ReaderSeed, { kind: 'changelog' }> = {
    kind: 'changelog',
    projectId: boot.projectId,
    moduleId: boot.moduleId,
    limit: boot.limit,
    changelog: first,
  };
  const light = createRoot(container);
  light.render(
    <LightChangelog
      boot={boot}
      first={first}
      text={text}
      onShown={() => afterPaint(() => handOver(light, boot.path, seed))}
      onAnswer={(limit, changelog) => {
        seed.limit = limit;
        seed.changelog = changelog;
      }}
    />,
  );
}

void start();
