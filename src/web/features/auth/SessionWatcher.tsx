import { useEffect, useRef } from 'react';
import { useLogout, useNotify } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { onUnauthorized } from './data';
import { isPublicPath } from './routes';

/**
 * "Any 401 response logs the user out" (spec, section 4), at once and from any call: react-admin only
 * reacts to failures of its own hooks, and only after react-query's retries. The token is already
 * cleared by the auth provider; this sends the user to /login with 'Logged out', except on the public
 * screens, where a stale token simply goes away.
 */
export function SessionWatcher() {
  const logout = useLogout();
  const notify = useNotify();
  const { pathname } = useLocation();
  // Read by the listener when a 401 arrives, after this render's effects have run.
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => {
    let pending = false;
    return onUnauthorized(() => {
      if (pending || isPublicPath(path.current)) return;
      pending = true;
      void logout({}, '/login').finally(() => {
        pending = false;
        notify('atrium.auth.login.logged_out', { type: 'info' });
      });
    });
  }, [logout, notify]);
  return null;
}
