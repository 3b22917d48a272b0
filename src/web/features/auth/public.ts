/** What the shell uses of the sign-in screens: the public routes, the session's watch, the login notice. */
export { isPublicPath, LoginScreen, preloadPublicScreen, publicRoutes } from './routes';
export { SessionWatcher } from './SessionWatcher';
export { useLoginNotice } from './loginNotice';
