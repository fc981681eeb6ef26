import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { PRIMARY_COLOR } from '@dcap/core';
import type { Locale } from '@dcap/core';
import { useFontSizePx } from '../features/account/fontSize';
import { currentLocale } from '../i18n';
import type { AppInstance } from './bootstrap';
import type { NotifierHolder } from './notifier';
import type { ReloadPrompts } from './prompts';
import { usePrefersReducedMotion } from './reducedMotion';
import { ServicesProvider } from './services';

const ANTD_LOCALES: Record<Locale, NonNullable<ConfigProviderProps['locale']>> = { 'zh-CN': zhCN, 'en-US': enUS };
const THEME = { token: { colorPrimary: PRIMARY_COLOR } };

/** Hands antd's context-aware notification and modal instances to the API client and the shell's dialogs. */
function NotifierBridge({ holder, prompts }: { holder: NotifierHolder; prompts: ReloadPrompts }) {
  const { notification, modal } = AntdApp.useApp();
  useEffect(() => holder.attach(notification), [holder, notification]);
  useEffect(() => prompts.attach(modal), [prompts, modal]);
  return null;
}

/** antd's locale, the page title and the document language follow the interface language. */
function LocalisedShell({ holder, prompts, children }: { holder: NotifierHolder; prompts: ReloadPrompts; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  // Spec 000 §3: the font size preference (12 px by default) applies to every screen.
  const fontSize = useFontSizePx();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => ({ token: { ...THEME.token, fontSize, motion: !reducedMotion } }), [fontSize, reducedMotion]);
  useEffect(() => {
    document.title = t('app.name');
    document.documentElement.lang = locale;
  }, [t, locale]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={theme} wave={{ disabled: reducedMotion }}>
      <AntdApp>
        <NotifierBridge holder={holder} prompts={prompts} />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}

export function AppProviders({ app, children }: { app: Omit<AppInstance, 'router'>; children: ReactNode }) {
  return (
    <ServicesProvider services={app.services}>
      <I18nextProvider i18n={app.i18n}>
        <QueryClientProvider client={app.queryClient}>
          <LocalisedShell holder={app.notifierHolder} prompts={app.services.prompts}>{children}</LocalisedShell>
        </QueryClientProvider>
      </I18nextProvider>
    </ServicesProvider>
  );
}
