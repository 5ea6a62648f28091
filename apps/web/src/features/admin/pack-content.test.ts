import { I18N_PACK_MAX } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { checkPackContent } from './pack-content.ts';

describe('checkPackContent', () => {
  it('accepts a JSON object and returns it parsed', () => {
    expect(checkPackContent('{"common": {"ok": "OK"}}')).toEqual({
      ok: true,
      content: { common: { ok: 'OK' } },
    });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['{"common": ', 'syntax'],
    ["{'a': 1}", 'syntax'],
    ['[1, 2]', 'notObject'],
    ['"text"', 'notObject'],
    ['42', 'notObject'],
    ['null', 'notObject'],
  ])('refuses %j as %s', (text, reason) => {
    const check = checkPackContent(text);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toBe(reason);
  });

  it('refuses content longer than the server accepts', () => {
    const check = checkPackContent(`{"a": "${'x'.repeat(I18N_PACK_MAX)}"}`);
    expect(check).toEqual({ ok: false, reason: 'tooLarge' });
  });
});
