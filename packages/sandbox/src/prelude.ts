// Guest-side code run once in the engine's pristine context (engine.ts), before its snapshot. It wraps the host
// helpers so they only ever receive strings, captures console output in the guest (the host reads it back as one
// JSON string), and defines the date helpers. It returns the functions the host keeps: one serialises a result
// with the original JSON.stringify (a script replacing JSON.stringify only changes its own output), one reads the
// logs, one seeds Math.random, one removes Mock.js's globals for a script that did not ask for them, one sets
// the script's globals.
//
// Math.random: every script starts from the same snapshot, so QuickJS's own generator (its state is in the
// snapshot) would give every request the same numbers, and Mock.js the same data. It is replaced by xoshiro128**,
// seeded by the host before each script from crypto.getRandomValues.
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
  const imul = Math.imul;
  let s0 = 1, s1 = 2, s2 = 3, s3 = 4;
  const next = () => {
    const x = imul(s1, 5);
    const r = imul((x << 7) | (x >>> 25), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t;
    s3 = (s3 << 11) | (s3 >>> 21);
    return r;
  };
  Math.random = function random() { return ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992; };
  const seed = (a, b, c, d) => { s0 = a | 0; s1 = b | 0; s2 = c | 0; s3 = d | 1; };
  const hideMock = () => { delete G.Mock; delete G.Random; };
  // The script's globals in one JSON text, parsed by the original JSON.parse (a '__proto__' key stays a key).
  const parse = JSON.parse;
  const setGlobals = (text) => { const all = parse(text); for (const name of Object.keys(all)) G[name] = all[name]; };
  return { serialise: (value) => stringify(value), logs: () => stringify(logs), seed, hideMock, setGlobals };
})`;

/** Loads Mock.js's UMD build as a CommonJS module and exposes `Mock` and `Random`, leaving no shim behind. */
export function mockLoader(source: string): string {
  return `(function () { var module = { exports: {} }; var exports = module.exports;\n${source}\n;return module.exports; })()`;
}
