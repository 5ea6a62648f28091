import type { ThemeConfig } from 'antd';

/*
 * Contrast (WCAG 2.1 AA, 1.4.3): antd's defaults put secondary, placeholder and status text below 4.5:1
 * (#8c8c8c on white is 3.4:1, #ff4d4f 3.3:1, gold tag text 2.9:1). The tokens below are the cause-level fix:
 * every breadcrumb, description, empty state, danger button and tag takes its colour from them, so no screen
 * needs a colour of its own. e2e/wcag.spec.ts checks every route with axe-core in both themes.
 */

/** Text on the light surfaces (#fff, #fafafa, #f5f7fb, #eef2ff) at 4.5:1 or more. */
const lightText = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  colorInfo: '#2f54eb',
  colorError: '#cf1322',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  // Preset tag text (antd uses shade 7 of each palette on shade 1): shade 9, 5.5:1 or more on its tint.
  ...tagText({
    gold: '#874d00',
    orange: '#873800',
    green: '#135200',
    cyan: '#00474f',
    blue: '#002c8c',
    geekblue: '#061178',
    purple: '#22075e',
    magenta: '#780650',
    red: '#820014',
    volcano: '#871400',
    lime: '#3f6600',
    yellow: '#876800',
  }),
};

/** antd reads shade 7 under two names (`gold7` and `gold-7`); both are set. */
function tagText(colours: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colours).flatMap(([name, value]) => [
      [`${name}7`, value],
      [`${name}-7`, value],
    ]),
  );
}

/** Text on the dark surfaces (#0f1115, #171a21, #1c2540) at 4.5:1 or more. */
const darkText = {
  colorTextTertiary: 'rgba(255, 255, 255, 0.6)',
  colorTextDescription: 'rgba(255, 255, 255, 0.6)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
  // Preset tag text on its dark tint: shade 9 of antd's dark palettes (shade 7 is 3.4:1 for purple).
  ...tagText({
    gold: '#f8df8b',
    orange: '#f8cf8d',
    green: '#b2e58b',
    cyan: '#84e2d8',
    blue: '#8dc5f8',
    geekblue: '#a8c1f8',
    purple: '#cda8f0',
    magenta: '#f8a8cc',
    red: '#f89f9a',
    volcano: '#f8b692',
    lime: '#e4f88b',
    yellow: '#f8f48b',
  }),
};

/** Brand colour and type of the app; every component takes its look from these tokens. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2f54eb',
    colorLink: '#2f54eb',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
    ...lightText,
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fb' },
    // A table's empty text is information, not a disabled control: it takes the description colour.
    Table: { colorTextDisabled: lightText.colorTextDescription },
    // Tabs and trees draw their keyboard focus ring in colorPrimaryBorder (a light tint, 1.6:1 on white); a
    // focus indicator is a state's visual information (WCAG 1.4.11, 3:1): there the ring takes the primary.
    Tabs: { colorPrimaryBorder: '#2f54eb' },
    Tree: { colorPrimaryBorder: '#2f54eb' },
  },
};

/**
 * The same theme with antd's motion off, for people whose system asks for reduced motion (WCAG 2.3.3): dialogs,
 * drawers and menus appear in place instead of zooming from the pointer. The app's own CSS honours the same
 * media query.
 */
export const reducedMotionTheme: ThemeConfig = { ...appTheme, token: { ...appTheme.token, motion: false } };

/** The app's theme for the colour scheme in effect and the system's motion preference. */
export function themeFor({
  dark,
  reducedMotion,
  darkAlgorithm,
}: {
  dark: boolean;
  reducedMotion: boolean;
  darkAlgorithm: ThemeConfig['algorithm'];
}): ThemeConfig {
  const base = reducedMotion ? reducedMotionTheme : appTheme;
  if (!dark || !darkAlgorithm) return base;
  // The light text colours would be unreadable on dark: the dark theme starts again from the shared tokens.
  const { fontFamily, borderRadius, motion } = base.token ?? {};
  return {
    ...base,
    algorithm: darkAlgorithm,
    token: {
      fontFamily,
      borderRadius,
      ...(motion === false ? { motion } : {}),
      // antd's dark algorithm darkens seeds: these seeds come out at 5.5:1 or more on the dark surfaces.
      colorPrimary: '#8da2ff',
      colorLink: '#8da2ff',
      colorError: '#ff7875',
      ...darkText,
    },
    // The same colours as the app's own CSS (styles/global.css, --q-surface and --q-bg).
    components: {
      Layout: { headerBg: '#171a21', bodyBg: '#0f1115' },
      Table: { colorTextDisabled: darkText.colorTextDescription },
      // Dark text on the light primary fill (white on it is 3.1:1).
      Button: { primaryColor: '#0f1115' },
      // The selected item's text on its tinted background (the primary colour there is 3.3:1).
      Menu: { itemSelectedColor: '#c3cdff' },
      // The "processing" tag's text on its tint, and a switch's label on the light primary fill.
      Tag: { colorInfo: '#a8b8ff', colorInfoBg: '#1c2540' },
      Switch: { colorTextLightSolid: '#0f1115' },
      Tabs: { colorPrimaryBorder: '#8da2ff' },
      Tree: { colorPrimaryBorder: '#8da2ff' },
    },
  };
}
