import { lazy } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, Resource } from 'react-admin';
import { LoginScreen, publicRoutes } from './auth/routes';
import { SessionWatcher } from './auth/SessionWatcher';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/data';
import { i18nProvider } from './providers/i18nProvider';
import { IosInstallBanner } from './layout/IosInstallBanner';
import { Layout } from './layout/Layout';
import { LoadingScreen } from './layout/Loading';
import { theme } from './layout/theme';
import outbox from './resources/outbox';
import users from './resources/users';

const DashboardPage = lazy(() => import('./member/dashboard/DashboardPage'));
const ProfileViewPage = lazy(() => import('./member/profile/ProfileViewPage'));
const ProfileEditPage = lazy(() => import('./member/profile/ProfileEditPage'));
const ProfileSettingsPage = lazy(() => import('./member/profile/ProfileSettingsPage'));
const ProfilePasswordPage = lazy(() => import('./member/profile/ProfilePasswordPage'));

/** What <Admin> keeps by default (the language, sidebar and list preferences), kept across reloads. */
const store = localStorageStore();

/** "/" is not a page of its own: a signed-in user lands on the dashboard. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;
/** Unknown paths go to "/" (and from there to the dashboard or the login screen). */
const ToRoot = () => <Navigate to="/" replace />;

export function App() {
  return (
    <BrowserRouter>
      {/* Admin = AdminContext + AdminUI, split so the iPhone banner and the 401 watcher run on every screen. */}
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} store={store} theme={theme}>
        <AdminUI
          title="Atrium"
          layout={Layout}
          loginPage={LoginScreen}
          dashboard={ToDashboard}
          catchAll={ToRoot}
          loading={LoadingScreen}
          requireAuth
          disableTelemetry
        >
          {/* Public screens: no layout, reachable whatever the login status (spec, section 2). */}
          <CustomRoutes noLayout>{publicRoutes}</CustomRoutes>
          {(permissions) => (
            <>
              <CustomRoutes>
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="/profile" element={<Navigate to="/profile/view" replace />} />
                <Route path="/profile/view" element={<ProfileViewPage />} />
                <Route path="/profile/edit" element={<ProfileEditPage />} />
                <Route path="/profile/settings" element={<ProfileSettingsPage />} />
                <Route path="/profile/password" element={<ProfilePasswordPage />} />
              </CustomRoutes>
              {permissions === 'admin' && <Resource name="users" {...users} />}
              {permissions === 'admin' && <Resource name="outbox" {...outbox} />}
            </>
          )}
        </AdminUI>
        <IosInstallBanner />
        <SessionWatcher />
      </AdminContext>
    </BrowserRouter>
  );
}
