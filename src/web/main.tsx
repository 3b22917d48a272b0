import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialLocale, startI18n } from './providers/i18nProvider';
import { isPublicPath, preloadPublicScreen } from './features/auth/public';
import { getToken } from './features/auth/data';
import { loadAdminApp } from './loadAdminApp';
import { askSignedInStart } from './providers/data/startup';

document.documentElement.lang = initialLocale();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first screen's scripts are asked for now, beside the starting language, instead of once the first
// render reaches them: the public screen at this address, or (signed in) the signed-in app with every
// area's messages, which in turn asks for the screen at this address and its data (AdminApp.tsx), and
// the menus and the page's route check, which need none of the app's code.
const opened = window.location.pathname;
if (isPublicPath(opened)) preloadPublicScreen(opened);
else if (getToken()) {
  loadAdminApp().catch(() => undefined);
  askSignedInStart(opened);
}
// The starting language's messages are preloaded with the entry (vite.config.ts), so this waits for no request of its own.
void startI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
