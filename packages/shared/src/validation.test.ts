import { describe, expect, it } from 'vitest';
import { RegRequest } from './api/auth.ts';
import { splitMessageKey } from './validation.ts';

describe('validation messages', () => {
  it('carry an i18n key and the limit that fills {0}', () => {
    const result = RegRequest.safeParse({ username: '  ', password: 'abc', nickname: 'n' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => splitMessageKey(i.message)) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        { key: 'validation.required_max', args: ['100'] },
        { key: 'validation.min', args: ['6'] },
      ]),
    );
  });

  it('trims account names before checking them', () => {
    const parsed = RegRequest.parse({ username: '  alice  ', password: 'abcdef', nickname: 'A' });
    expect(parsed.username).toBe('alice');
  });
});
