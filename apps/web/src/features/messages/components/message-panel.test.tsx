import type { Message } from '@quire/shared';
import { builtinResources } from '@quire/shared/i18n';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { MessagePanel } from './message-panel.tsx';

const en = builtinResources.en as NonNullable<(typeof builtinResources)['en']>;

const message = (id: string, type: number, sourceId: string, text: string): Message => ({
  id,
  message: text,
  type,
  sourceId,
  isRead: 0,
  pushTime: '2026-11-28T10:00:00Z',
});

describe('MessagePanel', () => {
  it("links a followed doc's and a followed release's message to the doc, not a push's outcome", async () => {
    await i18n.changeLanguage('en');
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <MessagePanel
              onNavigate={() => undefined}
              messages={[
                message('m1', 1, 'doc1', 'alice updated "Get user"'),
                message('m2', 4, 'doc2', 'BREAKING: Release 1.0 of Shop changed since it was made'),
                message('m3', 3, 'app1', 'ci pushed to Shop'),
              ]}
            />
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByText(/Release 1\.0 of Shop/)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: en.layout.viewDoc });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/view/doc1', '/view/doc2']);
  });
});
