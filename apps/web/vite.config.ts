import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Inlines the boot scripts of the light pages (public/reader-boot.js into reader.html, public/changelog-boot.js
 * into changelog.html): the page's calls then start while the HTML is parsed, without a round trip for the
 * script first (about 50-200 ms of a cold load here). Comments are left out. The server allows exactly these
 * scripts by their hashes (apps/server/src/modules/web/web.routes.ts), so the CSP keeps `script-src 'self'`
 * without 'unsafe-inline'. The dev server keeps the plain files.
 */
function inlineBootScripts(): Plugin {
  return {
    name: 'quire-inline-boot-scripts',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace(
        /<script src="\/((?:reader|changelog)-boot\.js)"><\/script>/,
        (_tag, file: string) => {
          const source = readFileSync(new URL(`public/${file}`, import.meta.url), 'utf8');
          const code = source
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .split('\n')
            .filter((line) => line.trim() !== '' && !line.trim().startsWith('//'))
            .join('\n');
          return `<script>${code}</script>`;
        },
      );
    },
  };
}

/**
 * Inlines the stylesheets of the built light pages, reader.html (about 12 KB) and changelog.html: a linked
 * stylesheet holds the first paint until it arrives, while the boot script's heading can paint as soon as the
 * doc's answer is in (the CSP allows inline styles). The app's own page keeps its links; the files stay in dist for the app's chunks.
 */
function inlineReaderCss(): Plugin {
  return {
    name: 'quire-inline-reader-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!/(reader|changelog)\.html$/.test(context.filename) || !context.bundle) return html;
        const bundle = context.bundle;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (asset?.type !== 'asset') return tag;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}

/** Vite build of the single-page app; the Quire server serves `dist` with a history-mode fallback. */
export default defineConfig({
  plugins: [react(), inlineBootScripts(), inlineReaderCss()],
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
    // Three pages: the app, reader.html, the light entry of /view/{docId} and the visitors' docs, and
    // changelog.html, the light entry of /project/changelog/{projectId} (the server picks which to send).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        reader: fileURLToPath(new URL('reader.html', import.meta.url)),
        changelog: fileURLToPath(new URL('changelog.html', import.meta.url)),
      },
    },
  },
});
