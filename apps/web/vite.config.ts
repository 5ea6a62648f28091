import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** Vite build of the single-page app; the Quire server serves `dist` with a history-mode fallback. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The dev server forwards the web API to a locally running Quire server (`npm start`, port 7700);
    // QUIRE_DEV_API points it at another one.
    proxy: { '/api': { target: process.env.QUIRE_DEV_API ?? 'http://127.0.0.1:7700', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // antd's shared chunk is large by nature; the budget we watch is the login route's initial JS instead.
    chunkSizeWarningLimit: 1500,
    // Two pages: the app, and reader.html, the light entry of /view/{docId} (the server picks which to send).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        reader: fileURLToPath(new URL('reader.html', import.meta.url)),
      },
    },
  },
});
