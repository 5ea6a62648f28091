import type { MockConfig, MockNameValue } from '@quire/shared';
import type { MockListRow, MockRow } from './mock.repository.ts';
import type { MockConditions } from './mock-match.ts';

/** A stored JSON name/value list; anything unreadable is an empty list. */
export function nameValues(text: string): MockNameValue[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((row): row is { name: unknown; value: unknown } => !!row && typeof row === 'object')
      .map((row) => ({ name: String(row.name ?? ''), value: String(row.value ?? '') }))
      .filter((row) => row.name !== '');
  } catch {
    return [];
  }
}

/** The conditions of a stored configuration. */
export function conditionsOf(row: MockRow): MockConditions {
  let dataJson: unknown;
  if (row.dataJson.trim()) {
    try {
      dataJson = JSON.parse(row.dataJson);
    } catch {
      dataJson = undefined;
    }
  }
  return {
    requestDataType: row.requestDataType,
    dataKv: nameValues(row.dataKv),
    dataJson,
    requestHeaders: nameValues(row.requestHeaders),
  };
}

/**
 * Where a configuration answers on its own, under `/mock/` of the mock origin or this server: its path when its
 * application holds that path (`ownsPath`), else its id (which nobody else can take).
 */
export function mockUrlOf(
  row: Pick<MockRow, 'id' | 'pathKey'>,
  origin: string | undefined,
  ownsPath: boolean,
): string {
  return `${origin ?? ''}/mock/${row.pathKey && ownsPath ? row.pathKey : row.id}`;
}

export function presentMock(row: MockListRow, origin: string | undefined, ownsPath: boolean): MockConfig {
  return {
    id: row.id,
    docId: row.docId,
    name: row.name,
    version: row.version,
    isDefault: row.isDefault === 1,
    path: row.path,
    mockUrl: mockUrlOf(row, origin, ownsPath),
    requestDataType: row.requestDataType,
    dataKv: nameValues(row.dataKv),
    dataJson: row.dataJson,
    requestHeaders: nameValues(row.requestHeaders),
    httpStatus: row.httpStatus,
    delayMills: row.delayMs,
    responseHeaders: nameValues(row.responseHeaders),
    resultType: row.resultType,
    responseBody: row.responseBody,
    mockScript: row.mockScript,
    remark: row.remark,
    creatorName: row.creatorName ?? '',
    modifierName: row.modifierName ?? '',
    gmtCreate: row.createdAt,
    gmtModified: row.updatedAt,
  };
}
