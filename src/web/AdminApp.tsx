import { createElement, isValidElement, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { AdminUI, CustomRoutes, Resource, usePermissions } from 'react-admin';
import { ServerAccess } from './common/ServerAccess';
import { isPublicPath, LoginScreen } from './features/auth/public';
import { getToken } from './features/auth/data';
import { startOpenedPage } from './openedPage';
import { RESOURCES, ROUTES } from './features';
import { allows, homePath } from './features/access';
import { Layout } from './layout/Layout';
import { LoadingScreen } from './layout/Loading';

/** App.tsx shows the notifications, for the public screens and this app alike. */
const NoNotification = () => null;

/** "/" is not a page of its own: a signed-in user lands on their role's first screen (homePath). */
function ToDashboard() {
  const { permissions, isPending } = usePermissions<unknown>();
  return isPending ? null : <Navigate to={homePath(permissions)} replace />;
}
/** Unknown paths go to "/" (and from there to the dashboard or the login screen). */
const ToRoot = () => <Navigate to="/" replace />;

/** A resource's view (a component or an element) behind the server's route check. */
const checked = (view: ComponentType | ReactElement | undefined) =>
  view && <ServerAccess>{isValidElement(view) ? view : createElement(view)}</ServerAccess>;

const CHECKED_RESOURCES = RESOURCES.map(({ listReads: _reads, ...r }) => ({
  ...r,
  list: checked(r.list),
  create: checked(r.create),
  edit: checked(r.edit),
  show: checked(r.show),
}));

// As soon as this module runs: main.tsx loads it at once on a signed-in page, so the screen's script and
// the page's data are asked while the rest of the app's code starts, not once the layout has rendered. Only on a signed-in start: a login form loads this module while its call
// is under way, and a call without the session would be a 401 that ends the session the login is about to start.
if (getToken() && !isPublicPath(window.location.pathname)) startOpenedPage(window.location);

/**
 * The signed-in app: react-admin's UI with the layout, the menu, and every feature's resources and pages
 * (features/index.ts) that the role table grants the user, each page shown once the server's route check
 * lets the user open it (ServerAccess). Loaded (App.tsx) only off the public screens,
 * so the login screen does not download it.
 */
export default function AdminApp() {
  return (
    <AdminUI
      title="Atrium"
      layout={Layout}
      loginPage={LoginScreen}
      dashboard={ToDashboard}
      catchAll={ToRoot}
      loading={LoadingScreen}
      notification={NoNotification}
      requireAuth
      disableTelemetry
    >
      {/* Only once signed in (allows() refuses without permissions): a resource registered for a
        logged-out user loops them on /login. */}
      {(permissions) => (
        <>
          <CustomRoutes>
            {ROUTES.filter((r) => allows(permissions, r.access)).map(({ path, screen: Screen, redirect }) => (
              <Route
                key={path}
                path={path}
                element={
                  Screen ? (
                    <ServerAccess>
                      <Screen />
                    </ServerAccess>
                  ) : (
                    <Navigate to={redirect} replace />
                  )
                }
              />
            ))}
          </CustomRoutes>
          {CHECKED_RESOURCES.filter((r) => allows(permissions, r.name)).map((resource) => (
            <Resource key={resource.name} {...resource} />
          ))}
        </>
      )}
    </AdminUI>
  );
}
