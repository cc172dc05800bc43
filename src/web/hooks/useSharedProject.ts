// A shared project or report opened from a share link (spec 001 §1, §4): no sign-in needed until
// the link expires. The key travels in the url (?shareKey=…). A copyable link (2 hours) lets a
// signed-in visitor copy the project into their account.
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { ProjectOverview, sharedProjectSchema } from '../../model/api/projects.ts';
import { copySharedProject, getSharedOverview, getSharedProject } from '../api/projects.ts';
import { withLoading } from '../app/loading.ts';
import { useSession } from '../session/session.ts';

export type SharedProject = z.infer<typeof sharedProjectSchema>;

export function useSharedProject(options: { overview?: boolean } = {}) {
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSession();
  const [params] = useSearchParams();
  const shareKey = params.get('shareKey') ?? '';
  const [shared, setShared] = useState<SharedProject | null>(null);
  const [overview, setOverview] = useState<ProjectOverview | null>(null);
  const [failed, setFailed] = useState(false);
  const withOverview = options.overview ?? false;

  useEffect(() => {
    if (!shareKey) {
      setFailed(true);
      return;
    }
    getSharedProject(shareKey)
      .then(setShared)
      .catch(() => setFailed(true));
    if (withOverview)
      getSharedOverview(shareKey)
        .then(setOverview)
        .catch(() => setOverview(null));
  }, [shareKey, withOverview]);

  const canCopy = shared !== null && shared.copyable && token !== null;
  const copy = useCallback(async () => {
    const p = await withLoading(() => copySharedProject(shareKey)).catch(() => null);
    if (!p) return;
    void message.success(t('home.actions.copied'));
    void navigate(`/setting/basic?id=${p.projectId}`);
  }, [shareKey, message, t, navigate]);

  return { shareKey, shared, overview, failed, canCopy, copy };
}
