import { useEffect } from 'react';
import { useNotify } from 'react-admin';

let pending = false;

/**
 * 'Logged in' is said when the signed-in app shows (the layout mounts), not when the login call
 * returns: the app is loaded after the login screen, and a notice raised before it would run out
 * while the app is still loading.
 */
export function announceLogin() {
  pending = true;
}

/** In the signed-in layout: shows the pending 'Logged in', once. */
export function useLoginNotice() {
  const notify = useNotify();
  useEffect(() => {
    if (!pending) return;
    pending = false;
    notify('atrium.auth.login.logged_in', { type: 'success' });
  }, [notify]);
}
