import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDocWorld, type DocWorld, saveDoc } from '../../../test/doc-fixture.ts';
import { expectError, expectOk } from '../../../test/org-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testDialects } from '../../../test/test-databases.ts';

interface ShareChangelogAnswer {
  releases: Array<{ releaseNo: string; dingdingWebhook?: string }>;
  since: { releaseNo: string } | null;
  changes: { operations: Array<{ key: string; level: string }> } | null;
}

describe.each(testDialects())('share changelog and Atom feed on %s', (dialect) => {
  let t: TestApp;
  let w: DocWorld;
  let shown: { id: string; revision: number };
  let hidden: { id: string; revision: number };
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    w = await createDocWorld(t);
    shown = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Shown <b>&',
      url: '/shown',
      httpMethod: 'GET',
      responseParams: [{ name: 'id', type: 'string' }],
    });
    hidden = await saveDoc(t, w.token, {
      moduleId: w.moduleId,
      name: 'Hidden',
      url: '/hidden',
      httpMethod: 'GET',
    });
  });

  const share = (body: Record<string, unknown>) =>
    expectOk<{ id: string }>(
      t.post('/api/doc/share/add', { moduleId: w.moduleId, type: 1, ...body }, { token: w.token }),
    );
  const release = (releaseNo: string, releaseDesc = '') =>
    expectOk(
      t.post(
        '/api/project/release/add',
        {
          projectId: w.projectId,
          releaseNo,
          releaseDesc,
          dingdingWebhook: 'https://oapi.dingtalk.com/robot/send?access_token=secret',
        },
        { token: w.token },
      ),
    );

  /** Breaks both docs after the release: the shown doc's response field and the hidden doc's existence. */
  async function breakBoth() {
    await saveDoc(t, w.token, {
      id: shown.id,
      moduleId: w.moduleId,
      revision: shown.revision,
      name: 'Shown <b>&',
      url: '/shown',
      httpMethod: 'GET',
    });
    await expectOk(t.post('/api/doc/delete', { id: hidden.id }, { token: w.token }));
  }

  it('shows a visitor the changes since the newest release for the shared docs only, never the robot addresses', async () => {
    const { id } = await share({ content: [{ docId: shown.id }] });
    await release('1.0');
    await breakBoth();
    const log = await expectOk<ShareChangelogAnswer>(t.get(`/api/share/changelog?id=${id}`));
    expect(log.releases.map((r) => r.releaseNo)).toEqual(['1.0']);
    expect(log.releases[0]?.dingdingWebhook).toBeUndefined();
    expect(log.since?.releaseNo).toBe('1.0');
    expect(log.changes?.operations.map((o) => [o.key, o.level])).toEqual([['GET /shown', 'breaking']]);
  });

  it('serves an Atom feed an Atom parser reads: the unreleased changes, then each release', async () => {
    const { id } = await share({ isAll: true });
    await release('1.0', 'first <release>');
    await breakBoth();
    const answer = await t.get(`/share/${id}/changelog.atom`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/atom+xml');
    const feed = parseFeed(answer.body);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toContain(': changelog');
    expect(feed.items.map((item) => item.title)).toEqual(['Changes since release 1.0', 'Release 1.0']);
    const [unreleased, first] = feed.items;
    expect(unreleased?.content).toContain('GET /hidden');
    expect(unreleased?.content).toContain('response-field-removed');
    // A name with markup arrives as text inside the HTML, never as an element.
    expect(first?.content).toContain('Shown &#60;b&#62;&#38;');
    expect(first?.content).toContain('first &#60;release&#62;');
    expect(answer.body).not.toContain('<b>');
    expect(new Set(feed.items.map((item) => item.id)).size).toBe(2);
    // Chinese when the reader asks for it.
    const zh = parseFeed((await t.get(`/share/${id}/changelog.atom`, { lang: 'zh-CN' })).body);
    expect(zh.items.map((item) => item.title)).toEqual(['自版本 1.0 以来的变更', '版本 1.0']);
  });

  it('refuses the feed of an encrypted share without its session, and of an unknown share', async () => {
    const { id } = await share({ type: 2, isAll: true });
    const refused = await t.get(`/share/${id}/changelog.atom`);
    expect(refused.statusCode).toBe(401);
    expect((await t.get('/share/nope/changelog.atom')).statusCode).toBe(404);
    await expectError(t.get(`/api/share/changelog?id=${id}`), 401, 'share.password_required');
  });
});
