import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelopeOf, type TestApp } from '../../../test/test-app.ts';

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'quire-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Quire</title><div id="root"></div>');
    writeFileSync(
      path.join(dist, 'reader.html'),
      '<!doctype html><title>Quire</title><script>window.boot = 1;</script><div id="root" data-reader></div>',
    );
    writeFileSync(
      path.join(dist, 'changelog.html'),
      '<!doctype html><title>Quire</title><script>window.changelog = 1;</script><div id="root" data-changelog></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { QUIRE_WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the app for every page path, without a login, with a strict CSP', async () => {
    for (const url of ['/', '/login', '/dashboard', '/view/abc', '/share/x/y', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('allows the reader page its inline boot script by hash, and no other inline script', async () => {
    const reader = await t.app.inject({ method: 'GET', url: '/view/abc' });
    const hash = createHash('sha256').update('window.boot = 1;').digest('base64');
    expect(reader.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    const scriptSrc = String(reader.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc).not.toContain('unsafe-inline');
    const app = await t.app.inject({ method: 'GET', url: '/login' });
    expect(app.headers['content-security-policy']).not.toContain('sha256-');
  });

  it('marks the public reader pages noindex like the rest of the share pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/share/s1/d1' });
    expect(response.body).toContain('data-reader');
    expect(response.headers['x-robots-tag']).toContain('noindex');
  });

  it('answers the light reader page for one doc of /view, /share and /show, the app for everything else', async () => {
    for (const url of ['/view/abc', '/view/abc/', '/view/abc?lang=en', '/share/s1/d1', '/show/p1/d1/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('data-reader');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    for (const url of [
      '/view',
      '/view/',
      '/view/abc/def',
      '/viewer/abc',
      '/login',
      '/share/s1',
      '/show/p1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('data-reader');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('answers the light changelog page for a project changelog, with its boot script allowed by hash', async () => {
    const hash = createHash('sha256').update('window.changelog = 1;').digest('base64');
    const readerHash = createHash('sha256').update('window.boot = 1;').digest('base64');
    for (const url of [
      '/project/changelog/p1',
      '/project/changelog/p1/',
      '/project/changelog/p1?moduleId=m1',
      '/project/changelog/p1?lang=en',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('data-changelog');
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain(`script-src 'self' 'sha256-${hash}'`);
      // Only its own script: not the reader page's, and never 'unsafe-inline'.
      expect(csp, url).not.toContain(readerHash);
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const url of [
      '/project/changelog',
      '/project/changelog/',
      '/project/changelog/p1/more',
      '/project/release/p1',
      '/project/doc/p1',
      '/share/s1/changelog',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('data-changelog');
      expect(response.headers['content-security-policy'], url).not.toContain(hash);
    }
  });

  it('serves hashed assets as immutable and never answers the app for a missing asset', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps /api paths in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(envelopeOf(response).code).toBe('http.not_found');
  });
});
