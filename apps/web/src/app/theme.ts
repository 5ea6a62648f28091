import type { ThemeConfig } from 'antd';

/** Brand colour and type of the app; every component takes its look from these tokens. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2f54eb',
    colorLink: '#2f54eb',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f5f7fb' },
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
  return {
    ...base,
    algorithm: darkAlgorithm,
    token: { ...base.token, colorPrimary: '#5b7cfa', colorLink: '#7d95ff' },
    // The same colours as the app's own CSS (styles/global.css, --q-surface and --q-bg).
    components: { Layout: { headerBg: '#171a21', bodyBg: '#0f1115' } },
  };
}
