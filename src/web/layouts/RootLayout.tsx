// The root of every page: the navigation progress bar, the loading overlay, and the reactions to the
// API client's events (error toast, session ended → login, enterprise list, forced password change).
import { App, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { useApiEventReactions } from '../hooks/useApiEventReactions.ts';

export function RootLayout() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  useApiEventReactions(message);
  // Every page is the app (the tab's title follows the language).
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <>
      <ProgressBar />
      <LoadingOverlay />
      <Outlet />
    </>
  );
}

/** Shown while the first route (guard and page chunk) loads. */
export function RootFallback() {
  return (
    <div className="pv-overlay">
      <Spin size="large" />
    </div>
  );
}
