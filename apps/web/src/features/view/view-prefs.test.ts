import { describe, expect, it } from 'vitest';
import { clampWidth, readWidth, ViewKeys, writeWidth } from './view-prefs.ts';

describe('reader sidebar width', () => {
  it('keeps a width within the drag limits of 50 and 800 px, rounded to whole pixels', () => {
    expect(clampWidth(10)).toBe(50);
    expect(clampWidth(-300)).toBe(50);
    expect(clampWidth(50)).toBe(50);
    expect(clampWidth(412.6)).toBe(413);
    expect(clampWidth(800)).toBe(800);
    expect(clampWidth(801)).toBe(800);
    expect(clampWidth(5000)).toBe(800);
  });

  it('falls back to the 300 px default for a width that is not a number', () => {
    expect(clampWidth(Number.NaN)).toBe(300);
    expect(clampWidth(Number.POSITIVE_INFINITY)).toBe(300);
  });

  it('reads 300 px until the sidebar is resized, and for a stored value that is not a width', () => {
    expect(readWidth()).toBe(300);
    localStorage.setItem(ViewKeys.width, 'wide');
    expect(readWidth()).toBe(300);
    localStorage.setItem(ViewKeys.width, '');
    expect(readWidth()).toBe(300);
  });

  it('stores a resized width under torna.doc.view.sidebar.width and reads it back clamped', () => {
    writeWidth(420);
    expect(localStorage.getItem('torna.doc.view.sidebar.width')).toBe('420');
    expect(readWidth()).toBe(420);
    writeWidth(2000);
    expect(localStorage.getItem('torna.doc.view.sidebar.width')).toBe('800');
    // A value written by hand or by an older build is clamped on the way in too.
    localStorage.setItem(ViewKeys.width, '12');
    expect(readWidth()).toBe(50);
  });
});
