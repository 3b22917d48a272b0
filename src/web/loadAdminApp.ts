import { loadAppMessages } from './providers/i18nProvider';

let app: Promise<typeof import('./AdminApp')> | undefined;

/**
 * Loads the signed-in app (AdminApp.tsx: react-admin's UI, layout, resources) with every area's
 * messages, once. App.tsx renders it lazily off the public screens; the login forms start it when the
 * user signs in, so the dashboard (and its 'Logged in' notice) follows without a wait.
 */
export function loadAdminApp() {
  app ??= Promise.all([import('./AdminApp'), loadAppMessages()]).then(([module]) => module);
  return app;
}
