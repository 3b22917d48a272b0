import { Navigate, Route } from 'react-router-dom';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { LoginScreen } from './auth/routes';
import { Layout } from './layout/Layout';
import { LoadingScreen } from './layout/Loading';
import { CONTENT_RESOURCES, RESOURCES } from './resources/registry';
import { lazyScreen } from './common/lazyScreen';

const DashboardPage = lazyScreen(() => import('./member/dashboard/DashboardPage'));
const ProfileViewPage = lazyScreen(() => import('./member/profile/ProfileViewPage'));
const ProfileEditPage = lazyScreen(() => import('./member/profile/ProfileEditPage'));
const ProfileSettingsPage = lazyScreen(() => import('./member/profile/ProfileSettingsPage'));
const ProfilePasswordPage = lazyScreen(() => import('./member/profile/ProfilePasswordPage'));
const LessonsPage = lazyScreen(() => import('./member/lessons/LessonsPage'));
const CategoryPage = lazyScreen(() => import('./member/lessons/CategoryPage'));
const LessonPage = lazyScreen(() => import('./member/lessons/LessonPage'));
const BooksPage = lazyScreen(() => import('./member/books/BooksPage'));
const BookPage = lazyScreen(() => import('./member/books/BookPage'));
const ProductsPage = lazyScreen(() => import('./products/ProductsPage'));
const ProductPage = lazyScreen(() => import('./products/ProductPage'));
const NewsListPage = lazyScreen(() => import('./member/news/NewsListPage'));
const NewsViewPage = lazyScreen(() => import('./member/news/NewsViewPage'));
const EventsPage = lazyScreen(() => import('./member/events/EventsPage'));
const EventViewPage = lazyScreen(() => import('./member/events/EventViewPage'));
const BroadcastsPage = lazyScreen(() => import('./broadcasts/BroadcastsPage'));
const BroadcastPage = lazyScreen(() => import('./broadcasts/BroadcastPage'));
const StaffDashboardPage = lazyScreen(() => import('./statistics/StaffDashboardPage'));
const StaffTasksPage = lazyScreen(() => import('./tasks/TasksPage'));
const StaffTicketsPage = lazyScreen(() => import('./tickets/TicketsPage'));
const StaffListPage = lazyScreen(() => import('./staff/list/StaffListPage'));
const ImportsPage = lazyScreen(() => import('./imports/ImportsPage'));
const ActionLogsPage = lazyScreen(() => import('./action-logs/ActionLogsPage'));
const NewRequestPage = lazyScreen(() => import('./tickets/NewRequestPage'));
const MyRequestsPage = lazyScreen(() => import('./tickets/MyRequestsPage'));
const LandingEditorPage = lazyScreen(() => import('./member/flows/LandingEditorPage'));
const TeamPage = lazyScreen(() => import('./member/team/TeamPage'));
const SubscriptionPage = lazyScreen(() => import('./member/subscription/SubscriptionPage'));
const UserDetailsPage = lazyScreen(() => import('./staff/person/PersonRoute'));

/** App.tsx shows the notifications, for the public screens and this app alike. */
const NoNotification = () => null;

/** "/" is not a page of its own: a signed-in user lands on the dashboard. */
const ToDashboard = () => <Navigate to="/dashboard" replace />;
/** Unknown paths go to "/" (and from there to the dashboard or the login screen). */
const ToRoot = () => <Navigate to="/" replace />;

/**
 * The signed-in app: react-admin's UI with the layout, the menu, every resource and page. Loaded
 * (App.tsx) only off the public screens, so the login screen does not download it.
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
            <Route path="/products" element={<ProductsPage />} />
            <Route path="/products/:id" element={<ProductPage />} />
            <Route path="/news" element={<NewsListPage />} />
            <Route path="/news/view/:id" element={<NewsViewPage />} />
            <Route path="/events" element={<EventsPage />} />
            <Route path="/events/view/:id" element={<EventViewPage />} />
            <Route path="/broadcasts" element={<BroadcastsPage />} />
            <Route path="/broadcasts/:id" element={<BroadcastPage />} />
            <Route path="/flows/edit_landing/:id" element={<LandingEditorPage />} />
            <Route path="/team" element={<TeamPage />} />
            <Route path="/subscription" element={<SubscriptionPage />} />
            <Route path="/user/view-details/:pk" element={<UserDetailsPage />} />
            <Route path="/user/new-request/:ticketId" element={<NewRequestPage />} />
            <Route path="/support" element={<MyRequestsPage />} />
          </CustomRoutes>
          {(permissions === 'consultant' || permissions === 'admin') && (
            <CustomRoutes>
              <Route path="/staff-dashboard" element={<StaffDashboardPage />} />
              <Route path="/staff-dashboard/view-as/:pk" element={<StaffDashboardPage />} />
              <Route path="/staff/tasks" element={<StaffTasksPage />} />
              <Route path="/staff/tasks/view-as/:pk" element={<StaffTasksPage />} />
              <Route path="/staff/tickets" element={<StaffTicketsPage />} />
              <Route path="/staff/tickets/view-as/:pk" element={<StaffTicketsPage />} />
              <Route path="/staff/list" element={<StaffListPage />} />
              <Route path="/staff/users_imports" element={<ImportsPage />} />
              <Route path="/staff/action_logs" element={<ActionLogsPage />} />
            </CustomRoutes>
          )}
          {/* Only once signed in: a resource outside the permissions gate loops a logged-out user on /login. */}
          {permissions && <Resource name="contacts" {...RESOURCES.contacts} />}
          {permissions && <Resource name="structure" {...RESOURCES.structure} />}
          {permissions && <Resource name="waiting-leads" {...RESOURCES['waiting-leads']} />}
          {permissions && <Resource name="contact-categories" {...RESOURCES['contact-categories']} />}
          {permissions && <Resource name="flows" {...RESOURCES.flows} />}
          {permissions && <Resource name="my-tickets" />}
          {(permissions === 'consultant' || permissions === 'admin') && (
            <Resource name="staff/payments" {...RESOURCES['staff/payments']} />
          )}
          {(permissions === 'consultant' || permissions === 'admin') && (
            <Resource name="staff/orders" {...RESOURCES['staff/orders']} />
          )}
          {(permissions === 'consultant' || permissions === 'admin') && <Resource name="tasks" />}
          {(permissions === 'consultant' || permissions === 'admin') && <Resource name="tickets" />}
          {(permissions === 'consultant' || permissions === 'admin') && <Resource name="imports" />}
          {(permissions === 'consultant' || permissions === 'admin') && <Resource name="action-logs" />}
          {(permissions === 'consultant' || permissions === 'admin') && <Resource name="staff-users" />}
          {permissions === 'admin' && <Resource name="users" {...RESOURCES.users} />}
          {permissions === 'admin' && <Resource name="outbox" {...RESOURCES.outbox} />}
          {permissions === 'admin' &&
            Object.entries(CONTENT_RESOURCES).map(([name, resource]) => (
              <Resource key={name} name={name} {...resource} />
            ))}
        </>
      )}
    </AdminUI>
  );
}
