import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { prefilledReaderPage } from './reader-prefill.ts';

/**
 * Content Security Policy of the app: scripts only from our origin, no plugins, no framing.
 * antd styles are injected at run time (CSS-in-JS), hence 'unsafe-inline' for styles only.
 * 'wasm-unsafe-eval' lets the debug panel's Web Worker compile QuickJS (WebAssembly only; JavaScript eval stays
 * refused). connect-src names http: and https: because the debug panel's direct send calls the environments'
 * own hosts from the browser; scripts still come from Quire's origin only.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * Pages that open on one doc get the light reader page (reader.html): its boot script starts the doc's calls
 * before any bundle arrives, and its entry shows the doc with @quire/reader before loading the app around
 * it. A new page joins by adding its pattern here and its calls to public/reader-boot.js of the web app.
 */
const READER_PAGES: ReadonlyArray<RegExp> = [
  /^\/view\/[^/]+\/?$/,
  /^\/share\/[^/]+\/[^/]+\/?$/,
  /^\/show\/[^/]+\/[^/]+\/?$/,
];

/**
 * Pages that get the light changelog page (changelog.html): its boot script starts the changelog's call before
 * any bundle arrives, and its entry shows the list in plain elements before loading the app around it
 * (docs/architecture.md, "The doc page and the changelog, fast").
 */
const CHANGELOG_PAGES: ReadonlyArray<RegExp> = [/^\/project\/changelog\/[^/]+\/?$/];

/**
 * The CSP of a light page (the reader's, the changelog's): the app's, plus the hashes of the page's inline scripts (the build
 * inlines its boot script, so the doc's calls start while the HTML is parsed). Only those exact scripts run;
 * 'unsafe-inline' stays off.
 */
export function readerPageCsp(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
  return hashes.length ? CSP.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : CSP;
}

/** The light pages the build made (a build without one answers the app there). */
export interface LightPages {
  reader: boolean;
  changelog: boolean;
}

/**
 * The page to answer for a non-API path: the light reader page for a doc, the light changelog page for a
 * project's changelog, the app's index otherwise.
 */
export function pageFor(
  pathname: string,
  built: LightPages,
): 'reader.html' | 'changelog.html' | 'index.html' {
  if (built.reader && READER_PAGES.some((pattern) => pattern.test(pathname))) return 'reader.html';
  if (built.changelog && CHANGELOG_PAGES.some((pattern) => pattern.test(pathname))) return 'changelog.html';
  return 'index.html';
}

/**
 * Serves the built single-page app and answers its index for every non-API path (history routing).
 * Paths under /api and /mock never fall back to the app: they get the envelope 404.
 */
export async function registerWebRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(index);
  const readerFile = path.join(distDir, 'reader.html');
  const hasReaderPage = fs.existsSync(readerFile);
  const readerHtml = hasReaderPage ? fs.readFileSync(readerFile, 'utf8') : '';
  const readerCsp = hasReaderPage ? readerPageCsp(readerHtml) : CSP;
  const changelogFile = path.join(distDir, 'changelog.html');
  const hasChangelogPage = fs.existsSync(changelogFile);
  const changelogCsp = hasChangelogPage ? readerPageCsp(fs.readFileSync(changelogFile, 'utf8')) : CSP;
  // One scope holds the static files and the fallback, so the fallback can use the plugin's sendFile; every
  // route added here is the app's own public files, marked public inside this scope only.
  await app.register(async (scope) => {
    // Only the app's own answers carry the page headers; registering this inside the scope keeps the hook off
    // the /api hot path entirely.
    scope.addHook('onSend', (_request, reply, payload, done) => {
      // The reader page sets its own (with its inline script's hash) before this hook runs.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      done(null, payload);
    });
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    if (hasBuild) {
      await scope.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        setHeaders: (res, file) => {
          // Hashed assets never change; index.html must always be revalidated.
          if (file.includes(`${path.sep}assets${path.sep}`))
            res.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
    // Declared as well as set by the hook: the route-table observer (onRoute in buildApp) runs before this scope's hook.
    scope.get('/*', { config: { auth: 'public' } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const isMachinePath =
        url === '/api' || url.startsWith('/api/') || url.startsWith('/mock/') || url.startsWith('/assets/');
      if (isMachinePath) return reply.callNotFound();
      if (!hasBuild) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build` (npm start does this for you).');
      }
      const page = pageFor(url, { reader: hasReaderPage, changelog: hasChangelogPage });
      // Its inline boot script's hash; the file is sent as built (its call needs the signed-in token).
      if (page === 'changelog.html') reply.header('content-security-policy', changelogCsp);
      if (page === 'reader.html') {
        reply.header('content-security-policy', readerCsp).header('cache-control', 'no-cache');
        const language = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang') ?? 'zh-CN';
        const prefilled = await prefilledReaderPage(app, readerHtml, url, language);
        if (prefilled) return reply.type('text/html; charset=utf-8').send(prefilled);
      }
      return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
    });
  });
}
