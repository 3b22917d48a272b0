import { lazy } from 'react';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/data';
import { i18nProvider } from './providers/i18nProvider';
import { Layout } from './layout/Layout';
import { LoadingScreen } from './layout/Loading';
import { theme } from './layout/theme';
import users from './resources/users';

const LoginPage = lazy(() => import('./auth/LoginPage'));
const DashboardPage = lazy(() => import('./member/dashboard/DashboardPage'));

/** "/" is not a page of its own: a signed-in user lands on the dashboard. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;
/** Unknown paths go to "/" (and from there to the dashboard or the login screen). */
const ToRoot = () => <Navigate to="/" replace />;

export function App() {
  return (
    <BrowserRouter>
      <Admin
        title="Atrium"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={ToDashboard}
        catchAll={ToRoot}
        loading={LoadingScreen}
        theme={theme}
        requireAuth
        disableTelemetry
      >
        {(permissions) => (
          <>
            <CustomRoutes>
              <Route path="/dashboard" element={<DashboardPage />} />
            </CustomRoutes>
            {permissions === 'admin' && <Resource name="users" {...users} />}
          </>
        )}
      </Admin>
    </BrowserRouter>
  );
}
