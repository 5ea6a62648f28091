import { defineProject } from 'vitest/config';

export default defineProject({
  // Checks of the repository's own tooling (lint rules, lockfile), run with the other projects.
  test: { name: 'tooling', environment: 'node', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
