import { beforeAll, describe, expect, it } from 'vitest';
import { readMockSource } from './node/mock-source.ts';
import { createSandbox, type Sandbox } from './sandbox.ts';
import type { RunResult } from './types.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ loadMockSource: readMockSource });
});

const run = (code: string, extra: Partial<Parameters<Sandbox['run']>[0]> = {}): RunResult =>
  sandbox.run({ code, ...extra });

function value(result: RunResult): unknown {
  if (!result.ok) throw new Error(`expected success, got ${result.error.message}`);
  return result.value;
}

describe('sandbox', () => {
  it('returns the value, the globals it was given and the logs', () => {
    const result = run('console.log("hi", {a: 1}); return { id: $params.id, n: $body.n + 1 };', {
      globals: { $params: { id: '7' }, $body: { n: 1 } },
    });
    expect(result).toEqual({ ok: true, value: { id: '7', n: 2 }, logs: ['hi {"a":1}'] });
  });

  it('hands JSON globals over as data', () => {
    const body = JSON.parse('{"__proto__": {"x": 1}, "s": "\u2028"}') as Record<string, never>;
    expect(
      value(run('return [Object.keys($body), $body.x, $body.s.length]', { globals: { $body: body } })),
    ).toEqual([['__proto__', 's'], null, 1]);
  });

  it('reports a missing return as an undefined value', () => {
    expect(run('const a = 1;')).toEqual({ ok: true, value: undefined, logs: [] });
  });

  it('reports errors with the line of the script', () => {
    const result = run('const a = 1;\n\nthrow new Error("boom");');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ message: 'Error: boom', line: 3, kind: 'error' });
    const syntax = run('return {;');
    expect(syntax.ok).toBe(false);
    if (!syntax.ok) expect(syntax.error.kind).toBe('syntax');
  });

  it('offers hashes, HMAC, base64, uuid and date helpers that take strings', () => {
    const result = value(
      run(`return [md5('abc'), sha1('abc'), sha256('abc'), hmac('sha256', 'key', 'msg'),
        base64Encode('héllo'), base64Decode(base64Encode('héllo')), uuid().length,
        $date.format(0), $date.format($date.add(0, 1, 'd'), 'YYYY/MM/DD'), md5({ toString() { return 'abc'; } })];`),
    );
    expect(result).toEqual([
      '900150983cd24fb0d6963f7d28e17f72',
      'a9993e364706816aba3e25717850c26c9cd0d89d',
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      '2d93cbc1be167bcb1637a4a23cbff01a7878f0c50ee833954ea5221bb1b8c628',
      'aMOpbGxv',
      'héllo',
      36,
      '1970-01-01 00:00:00',
      '1970/01/02',
      '900150983cd24fb0d6963f7d28e17f72',
    ]);
  });

  it('runs Mock.js templates inside QuickJS', () => {
    const result = value(
      run('return Mock.mock({ "list|3": [{ "id|+1": 1, "name": "@name" }] });', { mock: 'auto' }),
    );
    const list = (result as { list: { id: number; name: string }[] }).list;
    expect(list.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(typeof list[0]?.name).toBe('string');
    expect(typeof value(run('return Random.integer(1, 5);', { mock: 'auto' }))).toBe('number');
  });

  it('supports async scripts', () => {
    expect(value(run('return Promise.resolve(1).then((n) => n + 1);'))).toBe(2);
    const rejected = run('return Promise.reject(new TypeError("no"));');
    expect(rejected.ok ? '' : rejected.error.message).toBe('TypeError: no');
  });
});

describe('sandbox escapes', () => {
  const blocked: [string, string][] = [
    ['process', 'return typeof process'],
    ['require', 'return typeof require'],
    ['module', 'return typeof module + typeof exports'],
    [
      'timers',
      'return [typeof setTimeout, typeof setInterval, typeof setImmediate, typeof queueMicrotask].join()',
    ],
    ['network', 'return [typeof fetch, typeof XMLHttpRequest, typeof WebSocket].join()'],
    [
      'host globals',
      'return [typeof Buffer, typeof globalThis.global, typeof window, typeof std, typeof os].join()',
    ],
    ['constructor chain', 'return (function(){}).constructor("return typeof process")()'],
    ['Function', 'return Function("return typeof require + typeof process")()'],
    ['prototype chain', 'return ({}).constructor.constructor("return this")() === globalThis'],
    ['helper constructor', 'return md5.constructor("return typeof process")()'],
  ];
  it.each(blocked)('%s is not reachable', (_name, code) => {
    const result = run(code);
    expect(result.ok).toBe(true);
    expect(String(result.ok && result.value)).not.toMatch(/function|object/);
  });

  it('import() fails', () => {
    const result = run('return import("fs").then(() => "loaded", (e) => "failed: " + e.message)');
    expect(result.ok && result.value).toMatch(/^failed/);
    expect(run('import fs from "fs"; return 1').ok).toBe(false);
  });

  it('host functions hand back nothing of the host', () => {
    const result = value(
      run(`return [Object.getPrototypeOf(md5) === Function.prototype, typeof md5('x'),
        Object.getOwnPropertyNames(globalThis).filter((n) => /^(process|require|module|global|Buffer)$/.test(n)).length]`),
    );
    expect(result).toEqual([true, 'string', 0]);
  });

  it('stops endless loops at the deadline', () => {
    const result = run('while (true) {}', { limits: { timeMs: 50 } });
    expect(result.ok ? '' : result.error.kind).toBe('timeout');
    const async = run('return (async () => { for (;;) await null; })()', { limits: { timeMs: 50 } });
    expect(async.ok ? '' : async.error.kind).toBe('timeout');
  });

  it('stops memory bombs at the heap limit', () => {
    // Objects, not String.prototype.repeat: QuickJS builds repeated strings slowly, which is not the point here.
    const result = run('const a = []; for (let i = 0; ; i++) a.push({ i, s: "y" + i });', {
      limits: { memoryBytes: 8 * 1024 * 1024, timeMs: 5000 },
    });
    expect(result.ok ? '' : result.error.kind).toBe('memory');
    const doubling = run('let s = "x"; for (;;) s += s;', { limits: { timeMs: 5000 } });
    expect(doubling.ok).toBe(false);
  });

  it('turns deep recursion into an error', () => {
    const result = run('function f(n) { return f(n + 1) + 1; } return f(0);');
    expect(result.ok).toBe(false);
    expect(run('return 1').ok).toBe(true);
  });

  it('refuses huge outputs', () => {
    const result = run('return "x".repeat(2e6)', { limits: { outputChars: 1e6 } });
    expect(result.ok ? '' : result.error.kind).toBe('output');
  });

  it('caps logs', () => {
    const result = run('const s = "x".repeat(1000); for (let i = 0; i < 1e4; i++) console.log(s); return 1');
    expect(result.ok && result.logs.join('').length).toBeLessThanOrEqual(20_000);
  });

  it('keeps nothing between runs', () => {
    run('globalThis.leak = 1; Object.prototype.polluted = 1; return 1');
    expect(value(run('return [typeof leak, ({}).polluted === undefined]'))).toEqual(['undefined', true]);
  });

  it('runs Mock.js templates without escaping', () => {
    const result = value(
      run('return Mock.mock({ p: function () { return typeof process + typeof require; } })', { mock: true }),
    );
    expect(result).toEqual({ p: 'undefinedundefined' });
    const loop = run('return Mock.mock({ p: function () { for (;;) {} } })', {
      mock: true,
      limits: { timeMs: 50 },
    });
    expect(loop.ok ? '' : loop.error.kind).toBe('timeout');
  });
});
