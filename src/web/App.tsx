import { lazy, Suspense, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { createBrowserRouter, Outlet, Route, RouterProvider, Routes } from 'react-router-dom';
import { CssBaseline } from '@mui/material';
import { AdminContext, Notification, useI18nProvider, useSetLocale } from 'react-admin';
import { publicRoutes, SessionWatcher } from './features/auth/public';
import { authProvider, followAccountChanges } from './providers/authProvider';
import { accountsMethods } from './features/auth/data';
import { i18nProvider, onFollowAccount, phrasesStore } from './providers/i18nProvider';
import { store } from './providers/store';
import { lazyDataProvider } from './providers/lazyDataProvider';
import { queryClient } from './providers/data/queryClient';
import { loadProvider } from './providers/data/startup';
import { onIos } from './layout/ios';
import { LocaleTheme } from './layout/LocaleTheme';
import { LoadingScreen } from './layout/Loading';
import { theme } from './layout/theme';
import { loadAdminApp } from './loadAdminApp';
import { lazyScreen } from './common/lazyScreen';
import { noteLocation } from './common/visits';

/** The iPhone banner's code loads on iOS only. */
const IosInstallBanner = lazy(() => import('./layout/IosInstallBanner').then((m) => ({ default: m.IosInstallBanner })));
const showsIosBanner = onIos();

/** The signed-in app loads off the public screens only: the login screen pays for itself alone. */
const AdminApp = lazyScreen(loadAdminApp);

/**
 * The adapters load with the first call of another method: the public screens read no resource, and
 * their calls (logging in, registration, the mailed links) are answered by the small accounts module.
 */
const dataProvider = lazyDataProvider(loadProvider, accountsMethods);

/** The public screens' frame: the baseline styles react-admin's UI gives its pages. */
function PublicFrame() {
  return (
    <CssBaseline enableColorScheme>
      <Outlet />
    </CssBaseline>
  );
}

/** How often the focus may ask the server for the account's language again. */
const FOLLOW_EVERY_MS = 10_000;

/**
 * The interface follows the account's language: at a login where none was picked (the auth provider asks
 * for it), and when the language was changed elsewhere, checked at load and whenever the window gets the
 * focus back (followAccountChanges). The side menu, the pages and the server's messages switch together.
 */
function FollowAccountLanguage() {
  const setLocale = useSetLocale();
  useEffect(() => onFollowAccount(setLocale), [setLocale]);
  useEffect(() => {
    let last = 0;
    const check = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < FOLLOW_EVERY_MS) return;
      last = Date.now();
      followAccountChanges().catch(() => undefined);
    };
    check();
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return null;
}

/**
 * The page says the language it shows (`<html lang>`: screen readers, hyphenation, the browser's offer to
 * translate), set when react-admin draws it in a new language: the translator's locale changes once the
 * new messages are in, and react-admin then draws the whole tree again. Not at the pick (issue #40): the
 * account is told and the messages load first, meanwhile the page is still in the old language.
 */
function DocumentLanguage() {
  const locale = useI18nProvider().getLocale();
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

/** react-admin's notifications, translated again once a language switch has changed the phrases. */
function TranslatedNotification() {
  useSyncExternalStore(phrasesStore.subscribe, phrasesStore.get);
  return <Notification />;
}

/** The app inside the router: react-admin's context, the public screens and the signed-in app. */
function Root() {
  return (
    // react-admin's context (auth, data, i18n, store, notifications, theme) is shared by the public screens and the app.
    <AdminContext
      authProvider={authProvider}
      dataProvider={dataProvider}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
    >
      <LocaleTheme>
        <Routes>
          {/* Public screens: outside react-admin's UI, reachable whatever the login status (spec, section 2). */}
          <Route element={<PublicFrame />}>{publicRoutes}</Route>
          <Route
            path="*"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <AdminApp />
              </Suspense>
            }
          />
        </Routes>
        {/* On every screen, public or not: the notifications ('Logged in' is raised on /login and shown on
            the dashboard, so there is one for both; AdminApp turns off react-admin's own), the iPhone banner
            and the 401 watcher. */}
        <TranslatedNotification />
        {showsIosBanner && (
          <Suspense fallback={null}>
            <IosInstallBanner />
          </Suspense>
        )}
        <SessionWatcher />
        <FollowAccountLanguage />
        <DocumentLanguage />
      </LocaleTheme>
    </AdminContext>
  );
}

/**
 * A data router (one splat route, the app's own <Routes> below it, as react-admin's own router is made):
 * only a data router can hold a navigation back, which react-admin's warnWhenUnsavedChanges needs to ask
 * before a form with unsaved typing is left. Under a plain BrowserRouter the forms' warning was silently off.
 */
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);
router.subscribe((state) => {
  noteLocation(state.location.pathname);
});

export function App() {
  return <RouterProvider router={router} />;
}
