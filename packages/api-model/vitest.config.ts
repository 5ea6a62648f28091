import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'api-model', environment: 'node', include: ['src/**/*.test.ts'], passWithNoTests: true },
});
