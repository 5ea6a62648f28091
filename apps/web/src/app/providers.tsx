import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { loadDarkAlgorithm, loadedDarkAlgorithm } from '../lib/antd-dark.ts';
import { registerFeedback } from '../lib/feedback.ts';
import { i18n } from '../lib/i18n.ts';
import { useResolvedTheme } from '../lib/theme.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { queryClient } from './query-client.ts';
import { themeFor } from './theme.ts';

/** Hands antd's context-aware toasts and dialogs to code outside React (the API client). */
function FeedbackBridge() {
  const { message, modal } = AntdApp.useApp();
  useEffect(() => registerFeedback({ message, modal }), [message, modal]);
  return null;
}

/**
 * antd's own texts (pagination, empty states, date pickers) follow the app language; its motion, the system's;
 * its colours, the theme in effect (lib/theme.ts).
 */
function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const locale = current.language === 'en' || current.language.startsWith('en-') ? enUS : zhCN;
  const prefersReducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const dark = useResolvedTheme() === 'dark';
  const [darkAlgorithm, setDarkAlgorithm] = useState(loadedDarkAlgorithm);
  useEffect(() => {
    // A function in state is set through an updater, or React would call it as one.
    if (dark && !darkAlgorithm)
      void loadDarkAlgorithm().then((algorithm) => setDarkAlgorithm(() => algorithm));
  }, [dark, darkAlgorithm]);
  const theme = useMemo(
    () =>
      themeFor({
        dark: dark && darkAlgorithm !== null,
        reducedMotion: prefersReducedMotion,
        darkAlgorithm: darkAlgorithm ?? undefined,
      }),
    [dark, darkAlgorithm, prefersReducedMotion],
  );
  return (
    <ConfigProvider locale={locale} theme={theme} button={BUTTON_CONFIG}>
      <AntdApp>
        <FeedbackBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

// antd spaces out two-character Chinese labels ("登 录"); labels should read exactly as written in the packs.
const BUTTON_CONFIG = { autoInsertSpace: false } as const;

/**
 * Every context the app needs: translations, the query cache, antd's locale and theme. Tests pass a fresh
 * query cache; the app uses its one.
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
