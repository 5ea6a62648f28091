// Every script starts from the engine's pristine snapshot: what one script changes (globals, Mock.js, Random,
// built-in prototypes, helpers, the random generator's state) is not there for the next one, including after a
// script that was stopped half-way (deadline, heap limit).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildEngine, findHeapMark, newEngineModule } from './engine.ts';
import { readMockSource } from './node/mock-source.ts';
import { createSandbox, type Sandbox } from './sandbox.ts';
import type { RunRequest, RunResult } from './types.ts';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ loadMockSource: readMockSource });
}, 30_000);

const run = (code: string, extra: Partial<RunRequest> = {}): RunResult => sandbox.run({ code, ...extra });

function value(result: RunResult): unknown {
  if (!result.ok) throw new Error(`expected success, got ${result.error.message}`);
  return result.value;
}

/** Changes everything a script can reach, then returns (or not: `tail` may loop or exhaust memory). */
const TAMPER = `
  Mock.mock = function () { return 'tampered'; };
  Mock.leak = 'mock';
  Mock.Random.extend({ name: function () { return 'tampered'; }, leaked: function () { return 'x'; } });
  Random.guid = function () { return 'tampered'; };
  Random.leak = 'random';
  globalThis.leak = 'left behind';
  var leakedVar = 1;
  Object.prototype.polluted = 'object';
  Array.prototype.polluted = 'array';
  Array.prototype.map = function () { return ['tampered']; };
  String.prototype.trim = function () { return 'tampered'; };
  Function.prototype.call = function () { return 'tampered'; };
  JSON.parse = function () { return 'tampered'; };
  JSON.stringify = function () { return '"tampered"'; };
  RegExp.prototype.exec = function () { return null; };
  Math.random = function () { return 0.5; };
  Date.now = function () { return 0; };
  Symbol.for('quire.leak');
  delete globalThis.md5;
  delete globalThis.Mock;
  globalThis.Random = 'tampered';
`;

/** What a fresh script sees of the same things. */
const PROBE = `
  const list = Mock.mock({ 'list|3': [{ 'id|+1': 1, name: '@name' }] }).list;
  return {
    leak: typeof leak, leakedVar: typeof leakedVar,
    object: ({}).polluted === undefined, array: [].polluted === undefined,
    map: [1, 2].map((n) => n * 2), trim: ' a '.trim(), call: typeof Math.max.call(null, 1, 2),
    parse: JSON.parse('{"a":1}'), regexp: /a/.exec('a') !== null,
    random: Math.random() !== 0.5, now: Date.now() > 0,
    mockLeak: typeof Mock.leak, randomLeak: typeof Random.leak, extended: typeof Random.leaked,
    ids: list.map((item) => item.id),
    names: list.every((item) => typeof item.name === 'string' && item.name !== 'tampered'),
    guid: Random.guid() !== 'tampered', md5: md5('abc'),
  };
`;

const PRISTINE = {
  leak: 'undefined',
  leakedVar: 'undefined',
  object: true,
  array: true,
  map: [2, 4],
  trim: 'a',
  call: 'number',
  parse: { a: 1 },
  regexp: true,
  random: true,
  now: true,
  mockLeak: 'undefined',
  randomLeak: 'undefined',
  extended: 'undefined',
  ids: [1, 2, 3],
  names: true,
  guid: true,
  md5: '900150983cd24fb0d6963f7d28e17f72',
};

describe('isolation between scripts', () => {
  it('a script sees nothing another script changed', () => {
    expect(value(run(PROBE, { mock: true }))).toEqual(PRISTINE);
    expect(run(`${TAMPER}; return 1;`, { mock: true }).ok).toBe(true);
    expect(value(run(PROBE, { mock: true }))).toEqual(PRISTINE);
    // A Mock.js template after a tampering script (mock: 'auto' names Mock, as a template's code does).
    run(`${TAMPER}; return 1;`, { mock: 'auto' });
    const template = value(run('return Mock.mock({ "n|3-3": 1, "s": "@word" })', { mock: 'auto' }));
    expect(template).toMatchObject({ n: 3 });
    expect(typeof (template as { s: unknown }).s).toBe('string');
  });

  it('a script stopped half-way leaves nothing either', () => {
    expect(run(`${TAMPER}; for (;;) {}`, { mock: true, limits: { timeMs: 50 } })).toMatchObject({
      ok: false,
      error: { kind: 'timeout' },
    });
    expect(value(run(PROBE, { mock: true }))).toEqual(PRISTINE);
    const bomb = run(`${TAMPER}; let a = []; while (true) a.push(new Array(1e6).fill(1));`, { mock: true });
    expect(bomb).toMatchObject({ ok: false, error: { kind: 'memory' } });
    expect(value(run(PROBE, { mock: true }))).toEqual(PRISTINE);
  });

  it('a script that does not name Mock.js does not see it, and cannot leave anything for one that does', () => {
    expect(value(run('return [typeof Mock, typeof Random, typeof globalThis["Mo" + "ck"]]'))).toEqual([
      'undefined',
      'undefined',
      'undefined',
    ]);
    run('globalThis.Mock = { mock: () => "tampered" }; Object.prototype.polluted = 1; return 1');
    expect(value(run(PROBE, { mock: true }))).toEqual(PRISTINE);
  });

  it('every script gets its own random numbers', () => {
    const draws = new Set<string>();
    for (let i = 0; i < 5; i++) {
      draws.add(
        JSON.stringify(
          value(run('return [Math.random(), Random.guid(), Mock.mock("@name")]', { mock: 'auto' })),
        ),
      );
    }
    expect(draws.size).toBe(5);
  });

  it('ends a memory bomb that slips past the heap limit with an out-of-memory error', () => {
    // `new Array(1e6).fill(1)` is not counted by QuickJS's heap limit: the capped WebAssembly memory stops it.
    const result = run('let a=[]; while(true) a.push(new Array(1e6).fill(1))');
    expect(result).toMatchObject({ ok: false, error: { kind: 'memory' } });
    expect(result.ok ? '' : result.error.message).toContain('32 MB');
    expect(value(run('return Mock.mock({ "n|2-2": 1 })', { mock: true }))).toEqual({ n: 2 });
  });
});

describe('restoring the snapshot', () => {
  it('gives back the memory the engine had when it was built, byte for byte', async () => {
    const heapMark = findHeapMark(await newEngineModule());
    for (const mark of [heapMark, undefined]) {
      const quickjs = await newEngineModule();
      const engine = buildEngine(quickjs, readMockSource(), mark);
      const memory = quickjs.getWasmMemory();
      const image = new Uint8Array(memory.buffer).slice();
      const ctx = engine.context;
      // Grows the heap with non-zero data and frees it (the allocator trims the heap back), leaves state behind.
      const code = `globalThis.big = new Uint8Array(6e6).fill(7); Mock.leak = Array.from({ length: 1e4 }, (_, i) => 'x' + i);
        Object.prototype.polluted = 1; globalThis.big = null; 0`;
      ctx.unwrapResult(ctx.evalCode(code)).dispose();
      expect(new Uint8Array(memory.buffer)).not.toEqual(image);
      engine.restore();
      const after = new Uint8Array(memory.buffer);
      expect(after.length).toBe(image.length);
      expect(Buffer.compare(after, image)).toBe(0);
    }
  }, 60_000);
});
