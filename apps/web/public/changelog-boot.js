/*
 * The changelog page's boot script: a classic, same-origin script in the head of changelog.html (the page of
 * /project/changelog/{projectId}). It runs before the page's module bundle has arrived and
 *  - applies the theme chosen on this browser (`quire.theme`), so a dark page never flashes light;
 *  - starts the page's call (the changelog's first 50 operations, as the app's page asks), so data and code
 *    download side by side instead of one after the other.
 * The bundle (src/changelog-main.tsx) picks the answer up from `window.__quireBoot`. A plain script, no
 * imports: it must stay small. Without a token there is nothing to ask: the app starts and shows the login.
 */
(() => {
  const read = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch (_error) {
      return null;
    }
  };
  const theme = read('quire.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);

  const path = window.location.pathname;
  const m = /^\/project\/changelog\/([^/]+)\/?$/.exec(path);
  const token = read('torna.token');
  if (!m || !token) return;
  const search = new URLSearchParams(window.location.search);
  const lang = read('torna.language') || search.get('lang') || 'zh-CN';
  const moduleId = search.get('moduleId') || '';
  const q = encodeURIComponent;
  // The first screen's operations, as pages/project-changelog-page.tsx asks (CHANGE_PAGE).
  const limit = 50;
  window.__quireBoot = {
    kind: 'changelog',
    path: path,
    projectId: decodeURIComponent(m[1]),
    moduleId: moduleId,
    limit: limit,
    language: lang,
    // Any failure (network, a non-JSON answer) reads as no answer: the app then fetches as usual.
    changelog: fetch(`/api/project/changelog?projectId=${m[1]}&moduleId=${q(moduleId)}&limit=${limit}`, {
      headers: { Accept: 'application/json', 'Accept-Language': lang, Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    })
      .then((response) => response.json())
      .catch(() => null),
  };
})();
