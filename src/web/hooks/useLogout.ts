// Logout (spec 000 §2 Header, §8): confirm with '确认要退出当前登录吗？', call the exit endpoint,
// clear local storage and go to login — the storage is cleared and login shown even if the call fails.
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { exit } from '../api/auth.ts';
import { ROUTES } from '../app/paths.ts';
import { session } from '../session/session.ts';

/** Signs out without asking (after the confirmation). */
export async function signOut(): Promise<void> {
  try {
    await exit();
  } catch {
    // the session ends on this side whatever the server says
  } finally {
    session.loggedOut();
  }
}

export function useLogout(): () => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(() => {
    modal.confirm({
      title: t('header.logout'),
      content: t('header.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await signOut();
        await navigate(ROUTES.login);
      },
    });
  }, [modal, t, navigate]);
}
