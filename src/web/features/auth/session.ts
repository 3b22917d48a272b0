import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SchemaLoginResponse } from '../../../api/schema';
import { loadAdminApp } from '../../loadAdminApp';
import { announceLogin } from './loginNotice';
import { EMAIL_REQUIRED_PATH, replaceSession } from '../../providers/authProvider';
import { useResetAuthQueries } from './hooks';

/** Only a path of this app (`/x`), never another site (`//host`, `https://…`). */
function safeAppPath(path: string | undefined | null, fallback = '/dashboard'): string {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : fallback;
}

/**
 * Finishes a login that did not go through the login form (email activation, Telegram bot token): the
 * session is stored like authProvider.login stores it, react-admin's cached "logged out" state is
 * dropped (else the next screen would log the user straight out again), then the user lands on the
 * dashboard (or the path the server named) with 'Logged in'. An unactivated email goes to /email-required.
 */
export function useStartSession() {
  const resetAuthQueries = useResetAuthQueries();
  const navigate = useNavigate();
  return useCallback(
    async (res: SchemaLoginResponse, email?: string) => {
      if (!res.token || !res.user) {
        void navigate(EMAIL_REQUIRED_PATH, { replace: true, state: email ? { email } : undefined });
        return;
      }
      replaceSession(res.token, res.user);
      loadAdminApp().catch(() => undefined);
      await resetAuthQueries();
      announceLogin();
      void navigate(safeAppPath(res.redirect_to), { replace: true });
    },
    [resetAuthQueries, navigate],
  );
}
