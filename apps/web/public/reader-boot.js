/*
 * The reader's boot script: a classic, same-origin script in the head of reader.html (the page of
 * /view/{docId}, /share/{shareId}/{docId} and /show/{showId}/{docId}). It runs before the page's module
 * bundle has even arrived and
 *  - applies the theme chosen on this browser (`quire.theme`), so a dark page never flashes light;
 *  - starts the page's calls, so data and code download side by side instead of one after the other.
 * The bundle (src/reader-main.tsx) picks the answers up from `window.__quireBoot`. A plain script, no imports:
 * it must stay small.
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
  const lang = read('torna.language') || new URLSearchParams(window.location.search).get('lang') || 'zh-CN';
  const q = encodeURIComponent;
  // Any failure (network, a non-JSON answer) reads as no answer: the app then fetches as usual.
  const get = (url, extra) =>
    fetch(url, {
      headers: Object.assign({ Accept: 'application/json', 'Accept-Language': lang }, extra),
      credentials: 'same-origin',
    })
      .then((response) => response.json())
      .catch(() => null);
  // The session a share's or composed project's password bought (`torna.share.{id}`), while it is valid.
  const visitor = (key) => {
    try {
      const session = JSON.parse(read(key) || 'null');
      return session?.token && session.expiresAt > new Date().toISOString()
        ? { 'X-Share-Token': session.token }
        : {};
    } catch (_error) {
      return {};
    }
  };

  let m = /^\/view\/([^/]+)\/?$/.exec(path);
  if (m) {
    const token = read('torna.token');
    if (!token) return;
    const auth = { Authorization: `Bearer ${token}` };
    window.__quireBoot = {
      kind: 'view',
      path: path,
      docId: m[1],
      detail: get(`/api/doc/detail?id=${q(m[1])}`, auth),
      // By the doc's id, beside the doc: asking by its application would wait for the doc first.
      environments: get(`/api/doc/environment/list?id=${q(m[1])}`, auth),
    };
    return;
  }
  // The public pages need no login: the doc (with its environments), the frame's title and the tree at once.
  m = /^\/share\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (m) {
    const h = visitor(`torna.share.${m[1]}`);
    window.__quireBoot = {
      kind: 'share',
      path: path,
      id: m[1],
      docId: m[2],
      language: lang,
      detail: get(`/api/doc/share/view?docId=${q(m[2])}&shareConfigId=${q(m[1])}`, h),
      info: get(`/api/share/get?id=${q(m[1])}`, h),
      menu: get(`/api/share/menu?id=${q(m[1])}`, h),
    };
    return;
  }
  m = /^\/show\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (m) {
    const h = visitor(`torna.show.${m[1]}`);
    window.__quireBoot = {
      kind: 'show',
      path: path,
      id: m[1],
      docId: m[2],
      language: lang,
      detail: get(`/api/compose/doc/view?projectId=${q(m[1])}&docId=${q(m[2])}`, h),
      info: get(`/api/compose/project/get?id=${q(m[1])}`, h),
      menu: get(`/api/compose/doc/menu?projectId=${q(m[1])}`, h),
      pages: get(`/api/compose/additional/listvisible?projectId=${q(m[1])}`, h),
    };
  }
})();
