import { describe, expect, it } from 'vitest';
import { type DocMenuNode, shareContentOf } from './doc-menu-tree.tsx';

function node(id: string, isFolder: boolean, children: DocMenuNode[] = []): DocMenuNode {
  return { id, label: id, isFolder, url: '', httpMethod: '', origin: '', children };
}

describe('shareContentOf', () => {
  it('shares a checked folder as a whole and does not list what lies below it again', () => {
    const inner = node('b', false);
    const folder = node('f', true, [node('a', false), inner]);
    expect(shareContentOf([folder, folder.children[0] as DocMenuNode, inner, node('c', false)])).toEqual([
      { docId: 'f', isShareFolder: true },
      { docId: 'c', isShareFolder: false },
    ]);
  });

  it('chooses docs one by one when their folder is only partly checked', () => {
    expect(shareContentOf([node('a', false)])).toEqual([{ docId: 'a', isShareFolder: false }]);
  });
});
