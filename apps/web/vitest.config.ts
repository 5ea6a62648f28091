import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The web project of the Vitest workspace: components and browser logic on jsdom. */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
