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
import books from './resources/books';
import configs from './resources/configs';
import contactCategories from './resources/contact-categories';
import contacts from './resources/contacts';
import structure from './resources/structure';
import waitingLeads from './resources/waiting-leads';
import events from './resources/events';
import footerLinks from './resources/footer-links';
import flows from './resources/flows';
import lessonCategories from './resources/lesson-categories';
import lessonMaterials from './resources/lesson-materials';
import lessons from './resources/lessons';
import news from './resources/news';
import outbox from './resources/outbox';
import packages from './resources/packages';
import payments from './resources/payments';
import users from './resources/users';

const DashboardPage = lazy(() => import('./member/dashboard/DashboardPage'));
const ProfileViewPage = lazy(() => import('./member/profile/ProfileViewPage'));
const ProfileEditPage = lazy(() => import('./member/profile/ProfileEditPage'));
const ProfileSettingsPage = lazy(() => import('./member/profile/ProfileSettingsPage'));
const ProfilePasswordPage = lazy(() => import('./member/profile/ProfilePasswordPage'));
const LessonsPage = lazy(() => import('./member/lessons/LessonsPage'));
const CategoryPage = lazy(() => import('./member/lessons/CategoryPage'));
const LessonPage = lazy(() => import('./member/lessons/LessonPage'));
const BooksPage = lazy(() => import('./member/books/BooksPage'));
const BookPage = lazy(() => import('./member/books/BookPage'));
const NewsListPage = lazy(() => import('./member/news/NewsListPage'));
const NewsViewPage = lazy(() => import('./member/news/NewsViewPage'));
const EventsPage = lazy(() => import('./member/events/EventsPage'));
const EventViewPage = lazy(() => import('./member/events/EventViewPage'));
const StaffDashboardPage = lazy(() => import('./staff/dashboard/StaffDashboardPage'));
const StaffTasksPage = lazy(() => import('./staff/tasks/TasksPage'));
const StaffTicketsPage = lazy(() => import('./staff/tickets/TicketsPage'));
const NewRequestPage = lazy(() => import('./member/tickets/NewRequestPage'));
const LandingEditorPage = lazy(() => import('./member/flows/LandingEditorPage'));
const TeamPage = lazy(() => import('./member/team/TeamPage'));
const SubscriptionPage = lazy(() => import('./member/subscription/SubscriptionPage'));
const UserDetailsPage = lazy(() => import('./member/team/UserDetailsPage'));

/**
 * Content management (admins). Named admin/<name>: the member pages own /lessons, /books, /news and
 * /events, so these live under /admin/… (the data provider maps them to /api/admin/<name>).
 */
const CONTENT = [
  ['admin/lesson-categories', lessonCategories],
  ['admin/lessons', lessons],
  ['admin/lesson-materials', lessonMaterials],
  ['admin/books', books],
  ['admin/news', news],
  ['admin/events', events],
  ['admin/packages', packages],
  ['admin/configs', configs],
  ['admin/footer-links', footerLinks],
] as const;

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
                <Route path="/lessons" element={<LessonsPage />} />
                <Route path="/lessons/category/:id" element={<CategoryPage />} />
                <Route path="/lesson/view/:id" element={<LessonPage />} />
                <Route path="/books" element={<BooksPage />} />
                <Route path="/books/:id" element={<BookPage />} />
                <Route path="/news" element={<NewsListPage />} />
                <Route path="/news/view/:id" element={<NewsViewPage />} />
                <Route path="/events" element={<EventsPage />} />
                <Route path="/events/view/:id" element={<EventViewPage />} />
                <Route path="/flows/edit_landing/:id" element={<LandingEditorPage />} />
                <Route path="/team" element={<TeamPage />} />
                <Route path="/subscription" element={<SubscriptionPage />} />
                <Route path="/user/view-details/:pk" element={<UserDetailsPage />} />
                <Route path="/user/new-request/:ticketId" element={<NewRequestPage />} />
              </CustomRoutes>
              {(permissions === 'consultant' || permissions === 'admin') && (
                <CustomRoutes>
                  <Route path="/staff-dashboard" element={<StaffDashboardPage />} />
                  <Route path="/staff-dashboard/view-as/:pk" element={<StaffDashboardPage />} />
                  <Route path="/staff/tasks" element={<StaffTasksPage />} />
                  <Route path="/staff/tasks/view-as/:pk" element={<StaffTasksPage />} />
                  <Route path="/staff/tickets" element={<StaffTicketsPage />} />
                  <Route path="/staff/tickets/view-as/:pk" element={<StaffTicketsPage />} />
                </CustomRoutes>
              )}
              {/* Only once signed in: a resource outside the permissions gate loops a logged-out user on /login. */}
              {permissions && <Resource name="contacts" {...contacts} />}
              {permissions && <Resource name="structure" {...structure} />}
              {permissions && <Resource name="waiting-leads" {...waitingLeads} />}
              {permissions && <Resource name="contact-categories" {...contactCategories} />}
              {permissions && <Resource name="flows" {...flows} />}
              {(permissions === 'consultant' || permissions === 'admin') && <Resource name="staff/payments" {...payments} />}
              {(permissions === 'consultant' || permissions === 'admin') && <Resource name="tasks" />}
              {(permissions === 'consultant' || permissions === 'admin') && <Resource name="tickets" />}
              {permissions === 'admin' && <Resource name="users" {...users} />}
              {permissions === 'admin' && <Resource name="outbox" {...outbox} />}
              {permissions === 'admin' && CONTENT.map(([name, resource]) => <Resource key={name} name={name} {...resource} />)}
            </>
          )}
        </AdminUI>
        <IosInstallBanner />
        <SessionWatcher />
      </AdminContext>
    </BrowserRouter>
  );
}
