import { Suspense, type ComponentType } from 'react';
import { Route } from 'react-router-dom';
import { LoadingScreen } from '../../layout/Loading';
import { lazyScreen } from '../../common/lazyScreen';
import { PUBLIC_SCREENS, type PublicScreen } from './publicScreens';

const LoginPage = lazyScreen(() => import('./LoginPage'));
const RegisterPage = lazyScreen(() => import('./RegisterPage'));
const EmailRequiredPage = lazyScreen(() => import('./EmailRequiredPage'));
const RecoverPasswordPage = lazyScreen(() => import('./RecoverPasswordPage'));
const PasswordResetPage = lazyScreen(() => import('./PasswordResetPage'));
const ResetCredentialsPage = lazyScreen(() => import('./ResetCredentialsPage'));
const SetPasswordPage = lazyScreen(() => import('./SetPasswordPage'));
const TokenAuthBotPage = lazyScreen(() => import('./TokenAuthBotPage'));
const EmailChangePage = lazyScreen(() => import('./EmailChangePage'));
const CredentialsUndoPage = lazyScreen(() => import('./CredentialsUndoPage'));

// These screens render outside the layout, so they bring their own Suspense boundary.
const page = (Page: ComponentType) => (
  <Suspense fallback={<LoadingScreen />}>
    <Page />
  </Suspense>
);

const SCREENS: Record<PublicScreen, { preload: () => void }> = {
  LoginPage,
  RegisterPage,
  EmailRequiredPage,
  RecoverPasswordPage,
  PasswordResetPage,
  SetPasswordPage,
  ResetCredentialsPage,
  TokenAuthBotPage,
  EmailChangePage,
  CredentialsUndoPage,
};

const screenAt = (pathname: string) =>
  (Object.keys(PUBLIC_SCREENS) as PublicScreen[]).find((screen) => PUBLIC_SCREENS[screen].test(pathname));

/** Whether a logged-out user may stay on this path: one of the public screens' (spec, section 2). */
export const isPublicPath = (pathname: string) => screenAt(pathname) !== undefined;

/**
 * Starts the download of the public screen at this path (main.tsx, before the first render): its
 * scripts then arrive while the starting language loads and the app renders, not after that render
 * has reached the screen's lazy boundary.
 */
export function preloadPublicScreen(pathname: string) {
  const screen = screenAt(pathname);
  if (screen) SCREENS[screen].preload();
}

/** The Admin's loginPage (/login is routed in App.tsx before react-admin's UI sees it). */
export const LoginScreen = () => page(LoginPage);

/**
 * The public screens (spec, section 2): reachable logged out. App.tsx renders them outside
 * react-admin's UI, which (with the rest of the signed-in app) is loaded only off these screens.
 */
export const publicRoutes = (
  <>
    <Route path="/login" element={page(LoginPage)} />
    <Route path="/register" element={page(RegisterPage)} />
    <Route path="/register/:promo" element={page(RegisterPage)} />
    <Route path="/email-required" element={page(EmailRequiredPage)} />
    <Route path="/recover-password" element={page(RecoverPasswordPage)} />
    <Route path="/password-reset/:resetToken" element={page(PasswordResetPage)} />
    <Route path="/set-password/:resetToken" element={page(SetPasswordPage)} />
    <Route path="/reset-credentials/:resetToken" element={page(ResetCredentialsPage)} />
    <Route path="/token-auth-bot" element={page(TokenAuthBotPage)} />
    <Route path="/email-change/:changeToken" element={page(EmailChangePage)} />
    <Route path="/credentials-undo/:undoToken" element={page(CredentialsUndoPage)} />
  </>
);
