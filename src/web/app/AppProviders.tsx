// Theme and language around the whole app: antd's ConfigProvider (theme colour, antd's own texts in
// the interface language) and its App (message / modal hooks).
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { theme } from './theme.ts';

function Themed({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return (
    <ConfigProvider theme={theme} locale={instance.language === 'en' ? enUS : zhCN}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Themed>{children}</Themed>
    </I18nextProvider>
  );
}
