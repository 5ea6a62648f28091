/*
 * The reader's boot script: a classic, same-origin script in the head of reader.html (the page of
 * /view/{docId}, /share/{shareId}/{docId} and /show/{showId}/{docId}). It runs before the page's module
 * bundle has even arrived and
 *  - applies the theme chosen on this browser (`quire.theme`), so a dark page never flashes light;
 *  - starts the page's calls, so data and code download side by side instead of one after the other;
 *  - paints the doc's heading (method and name) into the page's frame as soon as the doc's answer is in,
 *    so the reader sees what opens while the bundle still downloads and renders the whole doc; the bundle
 *    renders over it in the same place (the frame and classes are the light reader's, src/reader-main.tsx).
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

  // Method colours of the method rule (@quire/shared METHOD_COLORS).
  const TONES = { GET: 'processing', POST: 'default', PUT: 'warning', DELETE: 'error', HEAD: 'success' };
  const el = (tag, className, parent, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  };
  /** The doc's heading (method and name) in the frame `frame` builds, unless the page shows something already. */
  const paintHeading = (answer, frame) => {
    const root = document.getElementById('root');
    const doc = answer && answer.code === '0' ? answer.data : null;
    if (!root || root.firstChild || !doc || !doc.name) return;
    const page = el('div', 'q-reader q-rd-doc', null);
    const row = el('div', 'q-rd-title-row', el('header', 'q-rd-header', page));
    if (doc.type === 0 && doc.httpMethod)
      el('span', `q-rd-method q-rd-tone-${TONES[doc.httpMethod] || 'default'}`, row, doc.httpMethod);
    el('h1', 'q-rd-title', row, doc.name);
    frame(root).appendChild(page);
  };
  const sidebarWidth = () => {
    if (read('torna.sidebar.open') === 'false') return 0;
    const width = Number(read('torna.doc.view.sidebar.width'));
    return width > 0 ? Math.min(Math.max(width, 200), 800) : 300;
  };
  // The frames of reader-main.tsx's LightReader and LightVisitorReader, empty but for the doc's place.
  const appFrame = (root) => {
    const shell = el('div', 'q-shell', root);
    const width = sidebarWidth();
    if (width) el('div', 'q-shell-aside', shell).style.width = `${width + 32}px`;
    const main = el('div', 'q-shell-main', shell);
    el('div', 'q-shell-bar', main);
    el('div', 'q-shell-tabs', main);
    return el('main', 'q-shell-content', main);
  };
  const visitorFrame = (root) => {
    const shell = el('div', 'q-visitor', root);
    el('header', 'q-visitor-bar', shell);
    const body = el('div', 'q-visitor-body', shell);
    el('div', 'q-visitor-aside', body);
    return el('main', 'q-visitor-main', body);
  };
  const early = (detail, frame) => {
    detail.then((answer) => paintHeading(answer, frame));
    return detail;
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
      detail: early(get(`/api/doc/detail?id=${q(m[1])}`, auth), appFrame),
      // By the doc's id, beside the doc: asking by its application would wait for the doc first.
      environments: get(`/api/doc/environment/list?id=${q(m[1])}`, auth),
    };
    return;
  }
  // The public pages need no login: the doc (with its environments), the frame's title and the tree at once.
  // A public share's or composed project's page may come with the answers of its doc and frame calls in it
  // (apps/server/src/modules/web/reader-prefill.ts), its heading already drawn: asked in this language for
  // this path, they stand for those calls.
  let prefill = null;
  try {
    const element = document.getElementById('quire-boot-data');
    const data = element ? JSON.parse(element.textContent || 'null') : null;
    if (data && data.path === path && data.language === lang) prefill = data;
  } catch (_error) {
    prefill = null;
  }
  const given = (answer, call) => (prefill ? Promise.resolve(answer) : call());

  m = /^\/share\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (m) {
    const h = visitor(`torna.share.${m[1]}`);
    window.__quireBoot = {
      kind: 'share',
      path: path,
      id: m[1],
      docId: m[2],
      language: lang,
      detail: given(prefill?.detail, () =>
        early(get(`/api/doc/share/view?docId=${q(m[2])}&shareConfigId=${q(m[1])}`, h), visitorFrame),
      ),
      info: given(prefill?.info, () => get(`/api/share/get?id=${q(m[1])}`, h)),
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
      detail: given(prefill?.detail, () =>
        early(get(`/api/compose/doc/view?projectId=${q(m[1])}&docId=${q(m[2])}`, h), visitorFrame),
      ),
      info: given(prefill?.info, () => get(`/api/compose/project/get?id=${q(m[1])}`, h)),
      menu: get(`/api/compose/doc/menu?projectId=${q(m[1])}`, h),
      pages: get(`/api/compose/additional/listvisible?projectId=${q(m[1])}`, h),
    };
  }
})();
