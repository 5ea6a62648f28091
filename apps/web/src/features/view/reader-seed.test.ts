import type { DocDetail } from '@quire/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { visitorKeys } from '../sharing/sharing.queries.ts';
import { seedReader } from './reader-seed.ts';

const DOC: DocDetail = {
  id: 'd1',
  moduleId: 'm1',
  projectId: 'p1',
  parentId: '',
  isFolder: false,
  name: 'List orders',
  type: 0,
  url: '/orders',
  httpMethod: 'GET',
  contentType: '',
  description: '',
  descriptionKind: 'html',
  author: '',
  deprecated: '$false$',
  isShow: true,
  isLocked: false,
  orderIndex: 10000,
  revision: 1,
  remark: '',
  isUseGlobalHeaders: false,
  isUseGlobalParams: false,
  isUseGlobalReturns: false,
  isRequestArray: false,
  isResponseArray: false,
  requestArrayType: 'object',
  responseArrayType: 'object',
  pathParams: [],
  headerParams: [],
  queryParams: [],
  requestParams: [],
  responseParams: [],
  errorCodeParams: [],
  dubboInfo: null,
  globalHeaders: [],
  globalParams: [],
  globalReturns: [],
  enums: [],
  creatorName: '',
  modifierName: '',
  createTime: '2026-11-25 06:00:00',
  updateTime: '2026-11-25 06:00:00',
};
const ENV = {
  id: 'e1',
  moduleId: 'm1',
  name: 'prod',
  baseUrl: 'https://x.example',
  isPublic: true,
  orderIndex: 0,
};
const PUBLIC_DOC = { ...DOC, environments: [ENV] };

describe('seedReader', () => {
  it("puts a share's answers under the keys the share page reads", () => {
    const client = new QueryClient();
    const info = {
      id: 's1',
      type: 1,
      moduleName: 'Orders API',
      remark: '',
      expirationTime: null,
      isShowDebug: true,
      environments: [ENV],
      releaseNo: null,
    };
    seedReader(client, { kind: 'share', id: 's1', docId: 'd1', detail: PUBLIC_DOC, info, menu: [] });
    const keys = visitorKeys.all('share', 's1');
    expect(client.getQueryData([...keys, 'info'])).toEqual(info);
    expect(client.getQueryData([...keys, 'menu'])).toEqual([]);
    expect(client.getQueryData([...keys, 'doc', 'd1'])).toMatchObject({
      name: 'List orders',
      environments: [ENV],
    });
  });

  it("keys a composed project's doc by the language it was asked in, with its pages", () => {
    const client = new QueryClient();
    const info = {
      id: 'c1',
      name: 'Portal',
      description: '',
      type: 1,
      status: 1,
      showDebug: false,
      gatewayUrl: '',
    };
    const pages = [{ id: 'g1', title: 'Start' }];
    seedReader(client, {
      kind: 'show',
      id: 'c1',
      docId: 'd1',
      language: 'en',
      detail: PUBLIC_DOC,
      info,
      menu: [],
      pages,
    });
    const keys = visitorKeys.all('show', 'c1');
    expect(client.getQueryData([...keys, 'doc', 'd1', 'en'])).toMatchObject({ id: 'd1' });
    expect(client.getQueryData([...keys, 'doc', 'd1', 'zh-CN'])).toBeUndefined();
    expect(client.getQueryData([...keys, 'pages'])).toEqual(pages);
  });

  it('seeds nothing of a page whose info does not parse, so the page fetches it all', () => {
    const client = new QueryClient();
    seedReader(client, {
      kind: 'share',
      id: 's1',
      docId: 'd1',
      detail: PUBLIC_DOC,
      info: { id: 's1' },
      menu: [],
    });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
