import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme.ts';

/** WCAG 2.1 relative luminance of an opaque #rrggbb or an rgba() blended over `background`. */
function toRgb(colour: string, background: [number, number, number] = [255, 255, 255]): number[] {
  const rgba = /rgba?\(([^)]+)\)/.exec(colour);
  if (rgba) {
    const [r, g, b, a = 1] = (rgba[1] ?? '').split(',').map(Number);
    return [r, g, b].map((c, i) => Math.round((c ?? 0) * a + (background[i] ?? 0) * (1 - a)));
  }
  const hex = colour.replace('#', '');
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

function luminance(rgb: number[]): number {
  const [r = 0, g = 0, b = 0] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(foreground: string, background: string): number {
  const bg = toRgb(background);
  const [high, low] = [luminance(toRgb(foreground, bg as [number, number, number])), luminance(bg)].sort(
    (a, b) => b - a,
  );
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

function tokens(dark: boolean) {
  const config = themeFor({ dark, reducedMotion: false, darkAlgorithm: antdTheme.darkAlgorithm });
  return antdTheme.getDesignToken(config) as unknown as Record<string, string>;
}

describe('theme contrast (WCAG 1.4.3)', () => {
  const surfaces = { light: ['#ffffff', '#fafafa', '#f5f7fb'], dark: ['#141414', '#171a21', '#0f1115'] };

  it.each([false, true])(
    'secondary, placeholder, link, primary and error text reach 4.5:1 (dark %s)',
    (dark) => {
      const token = tokens(dark);
      for (const surface of surfaces[dark ? 'dark' : 'light']) {
        for (const name of [
          'colorTextSecondary',
          'colorTextDescription',
          'colorTextPlaceholder',
          'colorPrimary',
          'colorLink',
          'colorError',
        ]) {
          expect({ name, surface, ratio: contrast(token[name] ?? '', surface) >= 4.5 }).toEqual({
            name,
            surface,
            ratio: true,
          });
        }
      }
    },
  );

  it.each([false, true])('preset tag text reaches 4.5:1 on its own tint (dark %s)', (dark) => {
    const token = tokens(dark);
    for (const colour of ['gold', 'orange', 'green', 'blue', 'red', 'cyan', 'purple']) {
      expect(contrast(token[`${colour}-7`] ?? '', token[`${colour}1`] ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(token[`${colour}7`] ?? '', token[`${colour}1`] ?? '')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
