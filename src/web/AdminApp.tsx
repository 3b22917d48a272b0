import { Navigate, Route } from 'react-router-dom';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { LoginScreen } from './features/auth/routes';
import { Layout } from './layout/Layout';
import { LoadingScreen } from './layout/Loading';
import { CONTENT_RESOURCES, RESOURCES } from './features/registry';
import { lazyScreen } from './common/lazyScreen';

const DashboardPage = lazyScreen(() => import('./features/dashboard/DashboardPage'));
const ProfileViewPage = lazyScreen(() => import('./features/profile/ProfileViewPage'));
const ProfileEditPage = lazyScreen(() => import('./features/profile/ProfileEditPage'));
const ProfileSettingsPage = lazyScreen(() => import('./features/profile/ProfileSettingsPage'));
const ProfilePasswordPage = lazyScreen(() => import('./features/profile/ProfilePasswordPage'));
const LessonsPage = lazyScreen(() => import('./features/learning/LessonsPage'));
const CategoryPage = lazyScreen(() => import('./features/learning/CategoryPage'));
const LessonPage = lazyScreen(() => import('./features/learning/LessonPage'));
const BooksPage = lazyScreen(() => import('./features/books/BooksPage'));
const BookPage = lazyScreen(() => import('./features/books/BookPage'));
const ProductsPage = lazyScreen(() => import('./features/products/ProductsPage'));
const ProductPage = lazyScreen(() => import('./features/products/ProductPage'));
const NewsListPage = lazyScreen(() => import('./features/news/NewsListPage'));
const NewsViewPage = lazyScreen(() => import('./features/news/NewsViewPage'));
const EventsPage = lazyScreen(() => import('./features/events/EventsPage'));
const EventViewPage = lazyScreen(() => import('./features/events/EventViewPage'));
const BroadcastsPage = lazyScreen(() => import('./features/broadcasts/BroadcastsPage'));
const BroadcastPage = lazyScreen(() => import('./features/broadcasts/BroadcastPage'));
const StaffDashboardPage = lazyScreen(() => import('./features/statistics/StaffDashboardPage'));
const StaffTasksPage = lazyScreen(() => import('./features/tasks/TasksPage'));
const StaffTicketsPage = lazyScreen(() => import('./features/tickets/TicketsPage'));
const StaffListPage = lazyScreen(() => import('./features/staff/StaffListPage'));
const ImportsPage = lazyScreen(() => import('./features/imports/ImportsPage'));
const ActionLogsPage = lazyScreen(() => import('./features/action-logs/ActionLogsPage'));
const NewRequestPage = lazyScreen(() => import('./features/tickets/NewRequestPage'));
const MyRequestsPage = lazyScreen(() => import('./features/tickets/MyRequestsPage'));
const LandingEditorPage = lazyScreen(() => import('./features/flows/landing/LandingEditorPage'));
const TeamPage = lazyScreen(() => import('./features/team/TeamPage'));
const SubscriptionPage = lazyScreen(() => import('./features/subscription/SubscriptionPage'));
const UserDetailsPage = lazyScreen(() => import('./features/team/person/PersonRoute'));

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
