import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // argon2 hashing and PostgreSQL schema setup make a few tests slower than Vitest's 5 s default.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
