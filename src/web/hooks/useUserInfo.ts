// The personal centre's information page: the user detail (profile, bindings, licences, trial,
// membership), the name, and WeChat binding and unbinding (spec 001 §2, §7 "User").
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UserDetail } from '../../model/api/auth.ts';
import { getDetail, startWechatBind, unbindWechat, updateUserName } from '../api/user.ts';
import { withLoading } from '../app/loading.ts';
import { session } from '../session/session.ts';

export function useUserInfo() {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [detail, setDetail] = useState<UserDetail | null>(null);

  const reload = useCallback(async () => {
    const d = await getDetail().catch(() => null);
    if (!d) return;
    setDetail(d);
    session.userInfoLoaded(d, d.entitlements.licenses);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Back from the WeChat binding page: ?wechat=bound | taken.
  const wechat = params.get('wechat');
  useEffect(() => {
    if (wechat === 'bound') void message.success(t('user.info.wechatBound'));
    if (wechat === 'taken') void message.error(t('user.info.wechatTaken'));
  }, [wechat, message, t]);

  const rename = useCallback(
    async (name: string) => {
      const ok = await withLoading(() => updateUserName(name)).catch(() => null);
      if (ok) {
        void message.success(t('common.updated'));
        await reload();
      }
      return ok !== null;
    },
    [message, t, reload],
  );

  const bindWechat = useCallback(async () => {
    const qr = await startWechatBind().catch(() => null);
    if (qr) window.location.assign(qr.url);
  }, []);

  const unbind = useCallback(() => {
    modal.confirm({
      title: t('user.info.unbindWechat'),
      content: t('user.info.unbindConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await unbindWechat();
        void message.success(t('user.info.unbound'));
        await reload();
      },
    });
  }, [modal, message, t, reload]);

  return { detail, reload, rename, bindWechat, unbind };
}
