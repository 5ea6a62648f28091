import { describe, expect, it } from 'vitest';
import { builtinResources, format } from '../i18n/index.ts';
import { TornaImportReport, tornaNotes, tornaReasons, tornaText } from './torna-admin.ts';

/** A key of the `tornaReport` pack in a built-in language; an unknown key as it is. */
const translate = (lang: 'en' | 'zh-CN') => (key: string, args: string[]) => {
  const [group = '', name = ''] = key.split('.', 2);
  const pack = builtinResources[lang]?.tornaReport as unknown as Record<string, Record<string, string>>;
  return format(pack[group]?.[name] ?? key, args);
};

const report = (tables: unknown, notes: unknown) => ({
  dryRun: false,
  version: 13100,
  tables,
  quire: {},
  notes,
  source: 'mysql://torna:***@db:3306/torna',
  elapsedMs: 1,
});
const table = (left: unknown) => ({
  table: 'doc_info',
  torna: 2,
  added: 1,
  updated: 0,
  deleted: 0,
  unchanged: 0,
  left,
});

describe('the Torna report', () => {
  it('renders a note with a subject and a list of reasons in either language', () => {
    const note = {
      key: 'note.template_disabled',
      args: [
        '默认分组',
        'Vue',
        [
          { key: 'velocity.unsupported', args: ['set'] },
          { key: 'velocity.unknown_root', args: ['$sys'] },
        ],
      ],
    };
    expect(tornaText(note, translate('en'))).toBe(
      'code template "默认分组 / Vue" is disabled, to rewrite in Liquid: #set has no Liquid form; $sys is not in Quire’s context',
    );
    expect(tornaText(note, translate('zh-CN'), '；')).toBe(
      '代码模板“默认分组 / Vue”已停用，需改写为 Liquid：#set 没有对应的 Liquid 写法；$sys 不在 Quire 的上下文中',
    );
    const param = {
      key: 'note.param_parent_missing',
      args: [{ key: 'subject.doc', args: ['7', '查询'] }, 'id', '99'],
    };
    expect(tornaText(param, translate('zh-CN'))).toBe('文档 #7“查询”：参数“id”的上级行 #99 不存在；放在顶层');
  });

  it('reads a report stored before reasons and notes were keys, keeping its sentences', () => {
    const parsed = TornaImportReport.parse(
      report(
        [table({ 'soft-deleted in Torna': 1 })],
        ['doc #13 "孤儿": its folder #99 is deleted or missing'],
      ),
    );
    expect(tornaReasons(parsed.tables[0]?.left ?? [])).toEqual([
      { key: 'soft-deleted in Torna', args: [], count: 1 },
    ]);
    const [legacy] = tornaNotes(parsed.notes);
    expect(tornaText(legacy as NonNullable<typeof legacy>, translate('zh-CN'))).toBe(
      'doc #13 "孤儿": its folder #99 is deleted or missing',
    );
    const current = TornaImportReport.parse(
      report(
        [table([{ key: 'reason.soft_deleted', args: [], count: 1 }])],
        [{ key: 'note.no_version', args: [] }],
      ),
    );
    expect(tornaReasons(current.tables[0]?.left ?? [])).toEqual([
      { key: 'reason.soft_deleted', args: [], count: 1 },
    ]);
    expect(tornaNotes(current.notes)).toEqual([{ key: 'note.no_version', args: [] }]);
  });
});
