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
