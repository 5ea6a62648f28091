import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('defaults to port 7700 and ./data', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(7700);
    expect(env.QUIRE_DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('honours PORT, QUIRE_DATA_DIR, DATABASE_URL and QUIRE_ADMIN_PASSWORD', () => {
    const env = loadEnv({
      PORT: '8080',
      QUIRE_DATA_DIR: '/srv/quire',
      DATABASE_URL: 'postgres://u@h/db',
      QUIRE_ADMIN_PASSWORD: 'long-enough',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      QUIRE_DATA_DIR: '/srv/quire',
      DATABASE_URL: 'postgres://u@h/db',
      QUIRE_ADMIN_PASSWORD: 'long-enough',
    });
  });

  it('names each bad variable', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'oracle://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => loadEnv({ QUIRE_ADMIN_PASSWORD: '123' })).toThrow(/QUIRE_ADMIN_PASSWORD/);
  });
});
