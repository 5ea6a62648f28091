import { describe, expect, it } from 'vitest';
import { pickModule, projectConfigKey, readLastModule, writeLastModule } from './last-module.ts';

const modules = [
  { id: 'm1', name: 'a', projectId: 'p', type: 0, orderIndex: 0, createTime: '' },
  { id: 'm2', name: 'b', projectId: 'p', type: 0, orderIndex: 1, createTime: '' },
];

describe('last opened application', () => {
  it("is kept in Torna's torna.project.{projectId} object, other keys untouched", () => {
    localStorage.setItem(projectConfigKey('p'), JSON.stringify({ other: 1 }));
    writeLastModule('p', 'm2');
    expect(JSON.parse(localStorage.getItem('torna.project.p') ?? '')).toEqual({ other: 1, moduleId: 'm2' });
    expect(readLastModule('p')).toBe('m2');
  });

  it('reads nothing from a missing or malformed value', () => {
    expect(readLastModule('none')).toBeNull();
    localStorage.setItem(projectConfigKey('bad'), '{not json');
    expect(readLastModule('bad')).toBeNull();
  });

  it('prefers the URL, then the remembered one, then the first; ignores ids that no longer exist', () => {
    expect(pickModule(modules, 'm2', 'm1')?.id).toBe('m2');
    expect(pickModule(modules, null, 'm2')?.id).toBe('m2');
    expect(pickModule(modules, 'gone', 'gone-too')?.id).toBe('m1');
    expect(pickModule([], null, null)).toBeUndefined();
  });
});
