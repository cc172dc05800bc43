// What the app does when the API client reports (api/events.ts): the error toast with the server's
// message, 401/403 → the stored session is gone, go to login with 'You have been logged out',
// inner code −2 → the enterprise project list, 428 → the login page's forced password change.
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onApiEvent } from '../api/events.ts';
import { ROUTES } from '../app/paths.ts';
import { session } from '../session/session.ts';

export function useApiEventReactions(message: MessageInstance): void {
  const navigate = useNavigate();
  useEffect(
    () =>
      onApiEvent((e) => {
        switch (e.type) {
          case 'error':
            void message.error({ content: e.message, key: e.message });
            break;
          case 'sessionEnded':
            session.ended();
            // the login page says why (a toast may be gone before the page has loaded)
            void navigate(ROUTES.login, { state: { sessionEnded: true } });
            break;
          case 'enterpriseList':
            void navigate(ROUTES['enterprise-projectList']);
            break;
          case 'passwordChangeRequired':
            session.refresh();
            void navigate(ROUTES.login);
            break;
        }
      }),
    [message, navigate],
  );
}
