import { describe, expect, it } from 'vitest';
import { snakeToCamel } from './hot-reader.ts';

describe('snakeToCamel', () => {
  it('maps result columns as Kysely CamelCasePlugin does by default', () => {
    expect(snakeToCamel('session_id')).toBe('sessionId');
    expect(snakeToCamel('is_super_admin')).toBe('isSuperAdmin');
    expect(snakeToCamel('last_used_at')).toBe('lastUsedAt');
    expect(snakeToCamel('target_id')).toBe('targetId');
    expect(snakeToCamel('kind')).toBe('kind');
  });
});
