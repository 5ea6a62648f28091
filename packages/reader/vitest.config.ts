import { defineProject } from 'vitest/config';

/**
 * The reader's tests: Node by default (the server renders these components to static markup); files that
 * drive the DOM say `@vitest-environment jsdom` themselves.
 */
export default defineProject({
  esbuild: { jsx: 'automatic' },
  test: { name: 'reader', environment: 'node', include: ['src/**/*.test.{ts,tsx}'] },
});
