import type { DocProps } from '@quire/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub.ts';
import { renderRoutes } from '../../../../test/render.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { DubboPropsTag } from './dubbo-props.tsx';

const PROPS: DocProps = {
  interfaceName: 'com.example.order.OrderService',
  version: '1.2.0',
  protocol: 'dubbo',
  author: 'ada',
  dependency: '<dependency>\n  <artifactId>order-api</artifactId>\n</dependency>',
};

/** The popover's facts as label → value, read from its description list. */
function facts(popover: HTMLElement): Record<string, string> {
  const labels = popover.querySelectorAll('.ant-descriptions-item-label');
  const values = popover.querySelectorAll('.ant-descriptions-item-content');
  return Object.fromEntries([...labels].map((label, i) => [label.textContent, values[i]?.textContent ?? '']));
}

describe('DubboPropsTag', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the Dubbo facts only when hovered, then shows interface, version, protocol, author and dependency 500 px wide', async () => {
    const fetchMock = stubApi({ 'GET /api/prop/getDocProps': () => PROPS });
    renderRoutes([{ path: '/', element: <DubboPropsTag docId="d1" compact /> }], '/');
    const tag = await screen.findByText('Dubbo');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.hover(tag);
    const popover = await screen.findByRole('tooltip');
    expect(within(popover).getByText('Dubbo service')).toBeTruthy();
    await waitFor(() =>
      expect(facts(popover)).toEqual({
        Interface: PROPS.interfaceName,
        Version: '1.2.0',
        Protocol: 'dubbo',
        Author: 'ada',
        Dependency: PROPS.dependency,
      }),
    );
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/prop/getDocProps');
    expect(url.searchParams.get('id')).toBe('d1');
    const body = within(popover).getByText(PROPS.interfaceName).closest<HTMLElement>('div[style]');
    expect(body?.style.width).toBe('500px');
  });

  it('labels the facts in zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    stubApi({ 'GET /api/prop/getDocProps': () => PROPS });
    renderRoutes([{ path: '/', element: <DubboPropsTag docId="d1" compact /> }], '/');
    await userEvent.hover(await screen.findByText('Dubbo'));
    const popover = await screen.findByRole('tooltip');
    await waitFor(() =>
      expect(Object.keys(facts(popover))).toEqual(['接口名', '版本', '协议', '维护人', '依赖']),
    );
    expect(within(popover).getByText('Dubbo 服务')).toBeTruthy();
  });
});
