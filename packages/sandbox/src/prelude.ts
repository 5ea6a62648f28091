// Guest-side code run in every fresh context before the user's script. It wraps the host helpers so they only
// ever receive strings, captures console output in the guest (the host reads it back as one JSON string), and
// defines the date helpers. It returns two functions the host keeps: one serialises a result with the
// original JSON.stringify (a script replacing JSON.stringify only changes its own output), one reads the logs.
export const PRELUDE = `(function (host, limits) {
  'use strict';
  const stringify = JSON.stringify;
  const G = globalThis;
  const logs = [];
  let logChars = 0;
  const show = (v) => {
    if (typeof v === 'string') return v;
    try { const s = stringify(v); return s === undefined ? String(v) : s; } catch (e) { return String(v); }
  };
  const log = (...args) => {
    if (logs.length >= limits.logLines || logChars >= limits.logChars) return;
    const line = args.map(show).join(' ').slice(0, limits.logChars - logChars);
    logChars += line.length;
    logs.push(line);
  };
  G.console = Object.freeze({ log, info: log, warn: log, error: log, debug: log });
  const str = (v) => String(v);
  const helper = (name) => (...args) => host[name](...args.map(str));
  for (const name of Object.keys(host)) G[name] = helper(name);
  const toDate = (v) => (v === undefined ? new Date() : v instanceof Date ? new Date(v.getTime()) : new Date(v));
  const pad = (n, w) => String(n).padStart(w || 2, '0');
  const units = { ms: 1, s: 1e3, second: 1e3, m: 6e4, minute: 6e4, h: 36e5, hour: 36e5, d: 864e5, day: 864e5, w: 6048e5, week: 6048e5 };
  G.$date = Object.freeze({
    now: () => Date.now(),
    iso: (v) => toDate(v).toISOString(),
    timestamp: (v) => toDate(v).getTime(),
    // Tokens YYYY MM DD HH mm ss SSS, in UTC so a result does not depend on the server's time zone.
    format: (v, pattern) => {
      const d = toDate(v);
      const parts = { YYYY: pad(d.getUTCFullYear(), 4), MM: pad(d.getUTCMonth() + 1), DD: pad(d.getUTCDate()),
        HH: pad(d.getUTCHours()), mm: pad(d.getUTCMinutes()), ss: pad(d.getUTCSeconds()), SSS: pad(d.getUTCMilliseconds(), 3) };
      return String(pattern === undefined ? 'YYYY-MM-DD HH:mm:ss' : pattern).replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (t) => parts[t]);
    },
    add: (v, amount, unit) => {
      const d = toDate(v);
      const u = String(unit === undefined ? 'd' : unit);
      if (u === 'M' || u === 'month') { d.setUTCMonth(d.getUTCMonth() + Number(amount)); return d; }
      if (u === 'y' || u === 'year') { d.setUTCFullYear(d.getUTCFullYear() + Number(amount)); return d; }
      if (!(u in units)) throw new RangeError('Unknown date unit: ' + u);
      return new Date(d.getTime() + Number(amount) * units[u]);
    },
  });
  return { serialise: (value) => stringify(value), logs: () => stringify(logs) };
})`;

/** Loads Mock.js's UMD build as a CommonJS module and exposes `Mock` and `Random`, leaving no shim behind. */
export function mockLoader(source: string): string {
  return `(function () { var module = { exports: {} }; var exports = module.exports;\n${source}\n;return module.exports; })()`;
}
