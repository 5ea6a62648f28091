import { describe, expect, it } from 'vitest';
import { chunks } from './switch.repository.ts';

describe('the runs of rows a switch writes per statement', () => {
  const sizes = (runs: Iterable<ReadonlyArray<unknown>>) => [...runs].map((run) => run.length);

  it('keeps a statement within the parameters SQLite binds', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: `d${i}`, n: i }));
    // 30,000 parameters a statement, 10 columns a row: 3,000 rows.
    expect(sizes(chunks(rows, 10))).toEqual([3000, 2000]);
  });

  it('keeps a statement within 4 million characters of text, and sends a larger row alone', () => {
    const big = 'x'.repeat(1_500_000);
    const rows = [{ t: big }, { t: big }, { t: big }, { t: 'x'.repeat(5_000_000) }, { t: 'small' }];
    expect(sizes(chunks(rows, 1))).toEqual([2, 1, 1, 1]);
  });

  it('counts the text a caller names', () => {
    const rows = Array.from({ length: 4 }, () => ({ changes: { content: 'y'.repeat(2_000_000) } }));
    expect(sizes(chunks(rows, 3, (row) => row.changes.content.length))).toEqual([2, 2]);
  });
});
