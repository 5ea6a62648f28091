import type { ProjectChangelog } from '@quire/shared';
import { releases as en } from '@quire/shared/i18n/en/releases';
import { releases as zhCN } from '@quire/shared/i18n/zh-CN/releases';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { seedReader } from '../../view/reader-seed.ts';
import { releaseKeys, startingChangelogLimit } from '../releases.queries.ts';
import { CHANGE_PAGE, type ReleaseText } from './change-operations.tsx';
import { PlainChangelog } from './plain-changelog.tsx';

/** As src/changelog-main.tsx fills a pack's `{0}`. */
const textOf =
  (pack: typeof en): ReleaseText =>
  (key, args) =>
    pack[key].replace(/\{(\d+)\}/g, (whole, i: string) => String(args?.[Number(i)] ?? whole));

/** A changelog since release 1.0 holding `shown` of `total` operations, one breaking change first. */
function changelogOf(shown: number, total: number): ProjectChangelog {
  return {
    releases: [
      {
        id: 'r2',
        projectId: 'p1',
        releaseNo: '1.1',
        releaseDesc: 'Spring',
        status: 0,
        dingdingWebhook: '',
        weComWebhook: '',
        gmtCreate: '2026-11-20T10:00:00.000Z',
        creatorName: 'ann',
        docCount: 3,
        moduleSourceIdMap: {},
        isSubscribe: false,
      },
    ],
    since: { id: 'r1', releaseNo: '1.0', gmtCreate: '2026-11-01T10:00:00.000Z' },
    changes: {
      summary: {
        operations: { added: total - 1, removed: 0, changed: 1 },
        levels: { breaking: 1, 'non-breaking': total - 1, docs: 0 },
        breakingOperations: 1,
      },
      operations: Array.from({ length: shown }, (_, i) => ({
        key: `GET /items/${i}`,
        docId: `d${i}`,
        moduleId: 'm1',
        moduleName: 'Items',
        method: 'GET',
        url: `/items/${i}`,
        name: `Item ${i}`,
        kind: i === 0 ? ('changed' as const) : ('added' as const),
        level: i === 0 ? ('breaking' as const) : ('non-breaking' as const),
        changes:
          i === 0
            ? [
                {
                  rule: 'response-field-removed',
                  level: 'breaking' as const,
                  where: 'response' as const,
                  path: 'total',
                },
              ]
            : [],
      })),
    },
  };
}

describe('PlainChangelog (the light changelog page)', () => {
  it.each([
    ['en', en],
    ['zh-CN', zhCN],
  ] as const)('shows the changes breaking first, the releases and "show more" in %s', (language, pack) => {
    const text = textOf(pack);
    const onMore = vi.fn();
    const { container } = render(
      <PlainChangelog
        log={changelogOf(CHANGE_PAGE, CHANGE_PAGE + 7)}
        text={text}
        language={language}
        moduleLabel={pack.allApplications}
        onMore={onMore}
        loadingMore={false}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: pack.changelog })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: pack.sinceRelease.replace('{0}', '1.0') }),
    ).toBeTruthy();
    const list = screen.getByRole('region', { name: pack.changelog });
    const operations = list.querySelectorAll(':scope > ul > li[data-level]');
    expect(operations).toHaveLength(CHANGE_PAGE);
    expect(operations[0]?.getAttribute('data-level')).toBe('breaking');
    expect(operations[0]?.textContent).toContain(pack.breaking);
    expect(operations[0]?.textContent).toContain('response total');
    expect(operations[1]?.textContent).toContain(pack.nonBreaking);
    expect(list.textContent).toContain(
      pack.summary
        .replace('{0}', '1')
        .replace('{1}', String(CHANGE_PAGE + 6))
        .replace('{2}', '0'),
    );
    expect(screen.getByText('1.1')).toBeTruthy();
    expect(screen.getByText(pack.invalid)).toBeTruthy();
    expect(screen.getByText('Spring')).toBeTruthy();
    // The select comes with the app: its place is not in the accessibility tree.
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe(pack.allApplications);
    const more = screen.getByRole('button', {
      name: pack.showMore.replace('{0}', '7').replace('{1}', String(CHANGE_PAGE + 7)),
    });
    fireEvent.click(more);
    expect(onMore).toHaveBeenCalledWith(CHANGE_PAGE * 5);
  });

  it('keeps "show more" focusable but inert while its answer is out', () => {
    const onMore = vi.fn();
    render(
      <PlainChangelog
        log={changelogOf(CHANGE_PAGE, CHANGE_PAGE + 7)}
        text={textOf(en)}
        language="en"
        moduleLabel=""
        onMore={onMore}
        loadingMore
      />,
    );
    const more = screen.getByRole('button');
    expect(more.getAttribute('aria-busy')).toBe('true');
    expect(more.hasAttribute('disabled')).toBe(false);
    fireEvent.click(more);
    expect(onMore).not.toHaveBeenCalled();
  });

  it('says so when there is no release to count from, and no "show more" when all is shown', () => {
    const log = changelogOf(2, 2);
    const text = textOf(en);
    const props = { text, language: 'en', moduleLabel: '', onMore: () => {}, loadingMore: false };
    const { rerender } = render(<PlainChangelog log={log} {...props} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<PlainChangelog log={{ ...log, since: null, changes: null, releases: [] }} {...props} />);
    expect(screen.getByText(en.noReleaseYet)).toBeTruthy();
    expect(screen.getByText(en.empty)).toBeTruthy();
  });

  it("hands its answer to the app under the page's key, and the app starts from the largest limit it holds", () => {
    const client = new QueryClient();
    expect(startingChangelogLimit(client, 'p1', '', CHANGE_PAGE)).toBe(CHANGE_PAGE);
    const log = changelogOf(2, 2);
    seedReader(client, { kind: 'changelog', projectId: 'p1', moduleId: '', limit: 250, changelog: log });
    expect(client.getQueryData(releaseKeys.changelog('p1', '', 250))).toEqual(log);
    expect(startingChangelogLimit(client, 'p1', '', CHANGE_PAGE)).toBe(250);
    // Another application's list is not this one's.
    expect(startingChangelogLimit(client, 'p1', 'm1', CHANGE_PAGE)).toBe(CHANGE_PAGE);
    // An answer that does not parse is left to be fetched.
    seedReader(client, {
      kind: 'changelog',
      projectId: 'p2',
      moduleId: '',
      limit: 50,
      changelog: { releases: 'x' },
    });
    expect(client.getQueryData(releaseKeys.changelog('p2', '', 50))).toBeUndefined();
  });
});
