/*
 * The export page's own look and behaviour, inlined into the file beside the reader's CSS. The script is a
 * string, not a function turned into text: a bundler may rename or wrap a function's inner names, and the
 * page runs it without any of the bundle around it.
 */

/** The two-column layout: the tree and its filter on the left, one doc at a time on the right. */
export const PAGE_CSS = `
body { margin: 0; background: var(--q-rd-bg); color: var(--q-rd-text);
  font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; }
[hidden] { display: none !important; }
.q-ex { display: grid; grid-template-columns: minmax(220px, 300px) 1fr; min-height: 100vh; }
.q-ex-side { position: sticky; top: 0; height: 100vh; overflow: auto; box-sizing: border-box; padding: 16px;
  border-right: 1px solid var(--q-rd-border); background: var(--q-rd-surface); }
.q-ex-title { font-size: 18px; margin: 0 0 12px; overflow-wrap: anywhere; }
.q-ex-filter { width: 100%; box-sizing: border-box; padding: 6px 8px; margin-bottom: 12px; font: inherit;
  color: var(--q-rd-text); background: var(--q-rd-bg); border: 1px solid var(--q-rd-border-strong);
  border-radius: 6px; }
.q-ex-tree, .q-ex-tree ul { list-style: none; margin: 0; padding: 0; }
.q-ex-tree ul { padding-left: 14px; }
.q-ex-tree summary { cursor: pointer; padding: 3px 0; font-weight: 600; }
.q-ex-tree a { display: flex; gap: 6px; align-items: baseline; padding: 3px 6px; border-radius: 4px;
  color: var(--q-rd-text); text-decoration: none; overflow-wrap: anywhere; }
.q-ex-tree a:hover { background: var(--q-rd-hover); }
.q-ex-tree a[aria-current="true"] { background: var(--q-rd-active); color: var(--q-rd-primary); }
.q-ex-verb { font-family: var(--q-rd-mono); font-size: 11px; color: var(--q-rd-meta); flex: none; }
.q-ex-note { color: var(--q-rd-muted); }
.q-ex-main { padding: 24px 32px; min-width: 0; }
@media (max-width: 720px) {
  .q-ex { grid-template-columns: 1fr; }
  .q-ex-side { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--q-rd-border); }
}
`;

/**
 * The doc shown (the one of the address's `#doc-N`, else the first: its markup taken from its inert source
 * element), the filter (docs whose name, method or path contain the text; their folders opened), the
 * tree's mark on the doc shown, and the environment select of each doc: it rewrites the URL line and the base
 * URL of every generated snippet (the `data-q-base-url` spans, quoted as the snippet's language quotes its URL
 * literal, as `urlLiteralPart` and `baseUrlPrefix` do on the server). Nothing here loads anything.
 */
export const PAGE_SCRIPT = `(function () {
  var filter = document.getElementById('q-ex-filter');
  var none = document.getElementById('q-ex-none');
  var leaves = Array.prototype.slice.call(document.querySelectorAll('.q-ex-leaf'));
  var folders = Array.prototype.slice.call(document.querySelectorAll('.q-ex-folder')).reverse();
  function applyFilter() {
    var q = filter.value.trim().toLowerCase();
    var shown = 0;
    leaves.forEach(function (li) {
      var hit = !q || li.getAttribute('data-text').indexOf(q) >= 0;
      li.hidden = !hit;
      if (hit) shown++;
    });
    folders.forEach(function (li) {
      var any = li.querySelector('.q-ex-leaf:not([hidden])') !== null;
      li.hidden = !any;
      if (q && any) li.firstElementChild.open = true;
    });
    none.hidden = shown > 0 || leaves.length === 0;
  }
  filter.addEventListener('input', applyFilter);
  var main = document.getElementById('q-ex-main');
  var showTurn = 0;
  // A doc's markup: its source's text, or (large exports) its gzipped base64 text inflated by the browser.
  function markupOf(source, done) {
    if (source.type !== 'text/x-quire-doc-gz') return done(source.textContent);
    var binary = atob(source.textContent.trim());
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    new Response(stream).text().then(done);
  }
  function show() {
    var id = decodeURIComponent(location.hash.slice(1));
    var source = id ? document.getElementById('src-' + id) : null;
    if (!source) source = document.querySelector('script[type^="text/x-quire-doc"]');
    if (!source) return;
    id = source.id.slice(4);
    var turn = ++showTurn;
    markupOf(source, function (markup) {
      // A later choice wins over a slower inflate of an earlier one.
      if (turn !== showTurn) return;
      main.innerHTML = markup;
      if (location.hash && main.scrollIntoView) main.scrollIntoView();
    });
    var links = document.querySelectorAll('.q-ex-tree a');
    for (var i = 0; i < links.length; i++) {
      var on = links[i].getAttribute('href') === '#' + id;
      if (on) links[i].setAttribute('aria-current', 'true');
      else links[i].removeAttribute('aria-current');
    }
  }
  window.addEventListener('hashchange', show);
  show();
  var envs = JSON.parse(document.getElementById('q-ex-envs').textContent || '{}');
  function join(base, path) {
    if (!base) return path;
    if (!path) return base;
    return base.replace(/\\/+$/, '') + '/' + path.replace(/^\\/+/, '');
  }
  // The part of a URL before its path, as the server's baseUrlPrefix writes it.
  function prefix(base, path) {
    if (!base) return /^\\/*/.exec(path)[0];
    return path ? base.replace(/\\/+$/, '') + '/' : base;
  }
  // Text inside a snippet's URL literal: a single-quoted shell word, or a JS/Python ('sq') or JSON-style
  // ('dq') string literal without its quotes.
  function quoted(kind, text) {
    if (kind === 'shell') return text.split("'").join("'\\\\''");
    var inner = JSON.stringify(text).slice(1, -1).split('\\u2028').join('\\\\u2028').split('\\u2029').join('\\\\u2029');
    return kind === 'sq' ? inner.split('\\\\"').join('"').split("'").join("\\\\'") : inner;
  }
  document.addEventListener('change', function (event) {
    var select = event.target;
    if (!select.matches || !select.matches('.q-ex-doc select.q-rd-select')) return;
    if (!Object.prototype.hasOwnProperty.call(envs, select.value)) return;
    var doc = select.closest('.q-ex-doc');
    var base = envs[select.value];
    var path = doc.getAttribute('data-url') || '';
    var line = doc.querySelector('[data-testid="doc-url"]');
    if (line) line.textContent = join(base, path);
    var marks = doc.querySelectorAll('[data-q-base-url]');
    for (var i = 0; i < marks.length; i++)
      marks[i].textContent = quoted(marks[i].getAttribute('data-q-base-url'), prefix(base, path));
  });
})();`;
