import { describe, expect, it } from 'vitest';
import { threadEntry } from './thread-entry.ts';

describe('threadEntry', () => {
  it('names the bundled worker beside a bundled caller', () => {
    const [entry, options] = threadEntry('file:///srv/quire/dist/main.js', 'sync');
    expect(String(entry)).toBe('file:///srv/quire/dist/sync.worker.js');
    expect(options).toEqual({});
  });

  it('from source, registers tsx in the thread before importing the .ts worker beside the caller', () => {
    const [code, options] = threadEntry('file:///repo/src/db/sqlite-writer.ts', 'sqlite-writer');
    expect(options).toEqual({ eval: true });
    expect(code).toContain("import('tsx/esm/api')");
    expect(code).toContain('"file:///repo/src/db/sqlite-writer.worker.ts"');
    expect(String(code).indexOf('register()')).toBeLessThan(String(code).indexOf('sqlite-writer.worker.ts'));
  });
});
