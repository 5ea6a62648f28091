import { describe, expect, it } from 'vitest';
import { parseTornaHash } from './torna-links.ts';

describe('parseTornaHash', () => {
  it('reads Torna doc, share and composed-project links', () => {
    expect(parseTornaHash('#/view/jP81wzqA')).toEqual({ route: 'view', id: 'jP81wzqA' });
    expect(parseTornaHash('#/share/abcdEFGH/jP81wzqA')).toEqual({
      route: 'share',
      id: 'abcdEFGH',
      docId: 'jP81wzqA',
    });
    expect(parseTornaHash('#/show/abcdEFGH')).toEqual({ route: 'show', id: 'abcdEFGH' });
  });

  it('leaves every other hash alone', () => {
    expect(parseTornaHash('')).toBeUndefined();
    expect(parseTornaHash('#section-2')).toBeUndefined();
    expect(parseTornaHash('#/dashboard')).toBeUndefined();
    expect(parseTornaHash('#/view/../../admin')).toBeUndefined();
  });
});
