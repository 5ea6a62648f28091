import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './pool.ts';

let pool: SandboxPool;
beforeAll(async () => {
  pool = new SandboxPool({ size: 2 });
  await pool.ready();
}, 30_000);
afterAll(() => pool.close());

describe('sandbox pool', () => {
  it('runs scripts in worker threads, with Mock.js', async () => {
    await expect(
      pool.run({ code: 'return $params.a * 2', globals: { $params: { a: 21 } } }),
    ).resolves.toEqual({
      ok: true,
      value: 42,
      logs: [],
    });
    const mock = await pool.run({ code: 'return Mock.mock({ "n|5-5": 1 })', mock: 'auto' });
    expect(mock).toMatchObject({ ok: true, value: { n: 5 } });
  });

  it('keeps serving other scripts while one loops until its deadline', async () => {
    const looping = pool.run({ code: 'for (;;) {}', limits: { timeMs: 300 } });
    const quick = await Promise.all([1, 2, 3].map((n) => pool.run({ code: `return ${n}` })));
    expect(quick.map((r) => r.ok && r.value)).toEqual([1, 2, 3]);
    const stopped = await looping;
    expect(stopped.ok ? '' : stopped.error.kind).toBe('timeout');
  });

  it('answers busy when the queue is full', async () => {
    const small = new SandboxPool({ size: 1, maxQueue: 1 });
    try {
      await small.ready();
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => small.run({ code: 'for (;;) {}', limits: { timeMs: 20 } })),
      );
      expect(answers.some((r) => !r.ok && r.error.kind === 'busy')).toBe(true);
    } finally {
      await small.close();
    }
  }, 30_000);
});
