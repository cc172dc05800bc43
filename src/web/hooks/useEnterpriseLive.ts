// The project editor's live connection in an enterprise session (spec 000 §4, §6 "Enterprise users
// need per-project access confirmed by a server check (input uuid, boolean answer) and by live
// messages", §8): with an organisation chosen, a project the member may open there (the access
// check) holds its connection while the /setting pages are open; a denial or a dropped connection
// shows '连接已断开，请重新进入项目' (en: its translation) and goes to the enterprise project list;
// leaving the editor (or the page) releases it. A personal project opened meanwhile has no connection.
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { projectAccessCheck } from '../api/enterprise.ts';
import { ROUTES } from '../app/paths.ts';
import { LiveRegistry, liveUrl, type SocketLike } from '../session/enterprise-live.ts';
import { useSession } from '../session/session.ts';

/** The app's one registry: one connection per project. */
const registry = new LiveRegistry(
  (url) => new WebSocket(url) as unknown as SocketLike,
  (t) => liveUrl(window.location, t),
);

export function useEnterpriseLive(): void {
  const [params] = useSearchParams();
  const uuid = params.get('id');
  const { enterpriseId, userId } = useSession();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // What a loss does, read when it happens (a language switch does not reopen the connection).
  const onLoss = useRef(() => undefined as void);
  onLoss.current = () => {
    void message.error({ content: t('enterprise.live.lost'), key: 'enterprise-live-lost', duration: 6 });
    void navigate(ROUTES['enterprise-projectList']);
  };

  useEffect(() => {
    if (!uuid || !/^\d+$/.test(uuid) || !enterpriseId || !userId) return;
    const target = { uuid, userId: Number(userId), enterpriseId: Number(enterpriseId) };
    let cancelled = false;
    let release: (() => void) | null = null;
    const letGo = () => {
      release?.();
      release = null;
    };
    projectAccessCheck(uuid, target.enterpriseId)
      .then((allowed) => {
        if (cancelled || !allowed) return;
        release = registry.acquire(target, () => {
          release = null;
          onLoss.current();
        });
      })
      .catch(() => undefined);
    // Closing the tab or leaving the app is leaving on purpose too.
    window.addEventListener('pagehide', letGo);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', letGo);
      letGo();
    };
  }, [uuid, enterpriseId, userId]);
}
