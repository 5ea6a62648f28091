/*
 * The reader's boot script: a classic, same-origin script in the head of reader.html (the page of
 * /view/{docId}). It runs before the page's module bundle has even arrived and
 *  - applies the theme chosen on this browser (`quire.theme`), so a dark page never flashes light;
 *  - starts the doc's calls, so data and code download side by side instead of one after the other.
 * The bundle (src/reader-main.tsx) picks the answers up from `window.__quireBoot`. Plain ES2017, no imports:
 * it must stay a few hundred bytes. A new public page (/share, /show) adds one entry to ROUTES.
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

  // path pattern -> the doc call for its ids
  const ROUTES = [[/^\/view\/([^/]+)\/?$/, (m) => `/api/doc/detail?id=${encodeURIComponent(m[1])}`]];
  const token = read('torna.token');
  const path = window.location.pathname;
  const route = token ? ROUTES.find((entry) => entry[0].test(path)) : undefined;
  if (!route) return;
  const lang = read('torna.language') || new URLSearchParams(window.location.search).get('lang') || 'zh-CN';
  const headers = { Accept: 'application/json', 'Accept-Language': lang, Authorization: `Bearer ${token}` };
  // Any failure (network, a non-JSON answer) reads as no answer: the app then fetches as usual.
  const get = (url) =>
    fetch(url, { headers: headers, credentials: 'same-origin' })
      .then((response) => response.json())
      .catch(() => null);
  const detail = get(route[1](route[0].exec(path)));
  window.__quireBoot = {
    path: path,
    detail: detail,
    // The environments need the doc's application, so they follow the doc (type 0 is an HTTP API).
    environments: detail.then((answer) =>
      answer && answer.code === '0' && answer.data && answer.data.type === 0
        ? get(`/api/module/environment/list?moduleId=${encodeURIComponent(answer.data.moduleId)}`)
        : null,
    ),
  };
})();
