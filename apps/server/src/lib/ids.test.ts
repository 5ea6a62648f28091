import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives 16 letters and digits, never the same twice, every character of the alphabet in use', () => {
    const ids = Array.from({ length: 20_000 }, () => newId());
    for (const id of ids.slice(0, 100)) expect(id).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 320,000 characters over 62: about 5,161 each; a skew (bytes 62 and 63 folded onto two letters, say) shows.
    for (const n of counts.values()) expect(Math.abs(n - 320_000 / 62)).toBeLessThan(600);
  });
});
