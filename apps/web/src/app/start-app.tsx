import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { ReaderSeed } from '../features/view/reader-seed.ts';
import { loadDarkAlgorithm } from '../lib/antd-dark.ts';
import { i18n } from '../lib/i18n.ts';
import { loadServerLanguage } from '../lib/language.ts';
import { registerNavigate } from '../lib/navigation.ts';
import { applyThemeChoice, resolvedTheme } from '../lib/theme.ts';
import { AppProviders } from './providers.tsx';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

/** How long the first paint waits for the server's language before showing the built-in one. */
const LANGUAGE_WAIT_MS = 1500;

/**
 * Starts the whole app in `container`. `seed` is the doc the light reader entry already shows: it goes into
 * the query cache first, so the app does not fetch it again.
 */
export function startApp(container: HTMLElement, seed?: ReaderSeed): void {
  applyThemeChoice();
  // Its own chunk: the schemas it checks with are not the login page's business.
  const seeded = seed
    ? import('../features/view/reader-seed.ts').then((m) => m.seedReader(queryClient, seed))
    : Promise.resolve();
  const router = createAppRouter();
  registerNavigate((to, options) => {
    void router.navigate(to, options);
  });
  // The router starts loading the current page's code now; the language request runs alongside, and the
  // first paint waits a moment for it (and for the start-up language's own chunk, when it is not zh-CN) so a
  // user whose account language is English does not see Chinese flash.
  const languageReady = Promise.all([loadServerLanguage(), i18n.loadLanguages(i18n.language)]);
  const waitForLanguage = new Promise<void>((resolve) => setTimeout(resolve, LANGUAGE_WAIT_MS));
  const themed = resolvedTheme() === 'dark' ? loadDarkAlgorithm().catch(() => undefined) : undefined;
  void Promise.all([seeded, themed, Promise.race([languageReady, waitForLanguage])]).then(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}
