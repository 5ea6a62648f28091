import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { i18n } from './lib/i18n.ts';
import { loadServerLanguage } from './lib/language.ts';
import { registerNavigate } from './lib/navigation.ts';
import '@quire/reader/reader.css';
import './styles/global.css';

/** How long the first paint waits for the server's language before showing the built-in one. */
const LANGUAGE_WAIT_MS = 1500;

const router = createAppRouter();
registerNavigate((to, options) => {
  void router.navigate(to, options);
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The router starts loading the current page's code now; the language request runs alongside, and the
// first paint waits a moment for it (and for the start-up language's own chunk, when it is not zh-CN) so a user
// whose account language is English does not see Chinese flash.
const languageReady = Promise.all([loadServerLanguage(), i18n.loadLanguages(i18n.language)]);
const waitForLanguage = new Promise<void>((resolve) => setTimeout(resolve, LANGUAGE_WAIT_MS));

void Promise.race([languageReady, waitForLanguage]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
