import {
  docMockBase,
  docMockDelete,
  docMockList,
  docMockRun,
  docMockSave,
  docMockVersionNext,
  type MockRunRequest,
  type MockSaveRequest,
} from '@quire/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, type RequestOptions } from '../../lib/api-client.ts';
import { mockKeys } from './mock.queries.ts';

/** `GET /api/doc/mock/list`: the doc's configurations, the generated default one first. */
export function listMocks(docId: string, options?: RequestOptions) {
  return call(docMockList, { docId }, options);
}

export function mockListQuery(docId: string) {
  return queryOptions({
    queryKey: mockKeys.list(docId),
    queryFn: ({ signal }) => listMocks(docId, { signal }),
  });
}

/** `GET /api/doc/mock/version/next`. */
export function nextMockVersion(docId: string) {
  return call(docMockVersionNext, { docId });
}

/** `POST /api/doc/mock/save`: creates without an id, updates with one. */
export function saveMock(body: MockSaveRequest) {
  return call(docMockSave, body);
}

/** `POST /api/doc/mock/delete`. */
export function deleteMock(id: string) {
  return call(docMockDelete, { id });
}

/** `POST /api/doc/mock/run`: what a request would get from the configuration as edited. */
export function runMock(body: MockRunRequest) {
  return call(docMockRun, body);
}

/** `GET /api/doc/mock/base`: where the application's docs answer as mocks. */
export function getMockBase(moduleId: string, options?: RequestOptions) {
  return call(docMockBase, { moduleId }, options);
}

export function mockBaseQuery(moduleId: string) {
  return queryOptions({
    queryKey: mockKeys.base(moduleId),
    queryFn: ({ signal }) => getMockBase(moduleId, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
