// The organisation chooser (/enterprise/selectEnterprise; spec 000 §2, 001 §2 "switch organisation"):
// the user's organisations, choosing one (switch-enterprise: remembered by the server, its answer kept
// in local storage) and going back where the user was headed, or leaving enterprise mode for the
// personal edition.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { getEnterpriseChoices, switchEnterprise, type EnterpriseChoice } from '../api/enterprise.ts';
import { ROUTES } from '../app/paths.ts';
import { afterChoiceUrl, leaveEnterprise, saveEnterpriseSession } from '../session/enterprise.ts';
import { session } from '../session/session.ts';
import { browserStore } from '../session/storage.ts';

export function useEnterpriseChoice() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [list, setList] = useState<EnterpriseChoice[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    getEnterpriseChoices()
      .then((c) => live && setList(c.list))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, []);

  const choose = useCallback(
    async (c: EnterpriseChoice) => {
      setBusy(c.enterpriseId);
      try {
        const s = await switchEnterprise(c.enterpriseId);
        saveEnterpriseSession(browserStore(), s);
        session.refresh();
        void message.success(t('enterprise.select.switched', { name: s.enterpriseName }));
        // The guard sends a non-administrator from the home to the project list.
        await navigate(afterChoiceUrl(search, s.isAdministrator ? s.enterpriseUrl : ROUTES['enterprise-projectList']));
      } catch {
        // the client showed the error
      } finally {
        setBusy(null);
      }
    },
    [message, t, navigate, search],
  );

  const personal = useCallback(() => {
    leaveEnterprise(browserStore());
    session.refresh();
    void navigate(ROUTES.homeList);
  }, [navigate]);

  return { list, busy, choose, personal, current: session.get().enterpriseId };
}
