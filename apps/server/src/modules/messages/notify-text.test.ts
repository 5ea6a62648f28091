import { describe, expect, it } from 'vitest';
import type { DocsChangeEvent } from './change-events.ts';
import { docMessage } from './notify-text.ts';

const event: DocsChangeEvent = {
  kind: 'docs',
  moduleId: 'm1',
  actorId: 'u1',
  actorName: 'Ann',
  via: 'web',
  remark: '',
  docs: [],
  at: '2026-01-01T00:00:00.000Z',
};
const doc = { id: 'd1', name: 'Get item', change: 'update' as const, revision: 2 };

describe('docMessage', () => {
  it('says a breaking change first and names its rules, in the reader language', () => {
    const level = { level: 'breaking' as const, breaking: ['response-field-removed response price'] };
    const en = docMessage('en', event, doc, null, level);
    expect(en.startsWith('BREAKING: ')).toBe(true);
    expect(en).toContain('Get item');
    expect(en).toContain('response-field-removed response price');
    expect(docMessage('zh-CN', event, doc, null, level).startsWith('破坏性变更：')).toBe(true);
  });

  it('leaves other changes as they were', () => {
    const plain = docMessage('en', event, doc, null);
    expect(docMessage('en', event, doc, null, { level: 'non-breaking', breaking: [] })).toBe(plain);
    expect(plain.startsWith('BREAKING')).toBe(false);
  });
});
