import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/server',
      'apps/web',
      'packages/shared',
      'packages/api-model',
      'packages/sandbox',
      'packages/reader',
      'scripts',
    ],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
