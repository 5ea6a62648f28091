import type { Comparison } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { CHANGE_PAGE, ChangeList } from './change-list.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;
const zh = builtinResources['zh-CN'] as NonNullable<(typeof builtinResources)['zh-CN']>;

/** `count` added operations, `GET /items/0` first. */
function comparisonOf(count: number): Comparison {
  return {
    summary: {
      operations: { added: count, removed: 0, changed: 0 },
      levels: { breaking: 0, 'non-breaking': count, docs: 0 },
      breakingOperations: 0,
    },
    operations: Array.from({ length: count }, (_, i) => ({
      key: `GET /items/${i}`,
      docId: `d${i}`,
      moduleId: 'm1',
      moduleName: 'Items',
      method: 'GET',
      url: `/items/${i}`,
      name: `Item ${i}`,
      kind: 'added' as const,
      level: 'non-breaking' as const,
      changes: [
        { rule: 'operation-added', level: 'non-breaking' as const, where: 'operation' as const, path: '' },
      ],
    })),
  };
}

const fill = (text: string, ...args: number[]) =>
  args.reduce((out, value, i) => out.replace(`{${i}}`, String(value)), text);

describe('ChangeList', () => {
  it.each([
    ['en', en],
    ['zh-CN', zh],
  ] as const)(
    'renders a long comparison a page at a time, in the order sent (%s)',
    async (language, texts) => {
      await i18n.changeLanguage(language);
      const total = CHANGE_PAGE + 7;
      const { container } = renderRoutes(
        [{ path: '/', element: <ChangeList comparison={comparisonOf(total)} emptyText="none" /> }],
        '/',
      );
      expect(await screen.findByText('Item 0')).toBeTruthy();
      expect(container.querySelectorAll('li[data-level]')).toHaveLength(CHANGE_PAGE);
      expect(screen.queryByText(`Item ${CHANGE_PAGE}`)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: fill(texts.releases.showMore, 7, total) }));
      expect(container.querySelectorAll('li[data-level]')).toHaveLength(total);
      expect(screen.getByText(`Item ${total - 1}`)).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
    },
    // A first antd render in jsdom takes seconds on a loaded machine; this is no timing assertion.
    20_000,
  );
});
