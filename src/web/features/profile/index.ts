import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';

/** The user's own profile: view, edit, settings (Telegram, two-factor, sessions), password. */
export default {
  routes: [
    { path: '/profile', access: 'profile', redirect: '/profile/view' },
    { path: '/profile/view', access: 'profile', screen: lazyScreen(() => import('./ProfileViewPage')) },
    { path: '/profile/edit', access: 'profile', screen: lazyScreen(() => import('./ProfileEditPage')) },
    { path: '/profile/settings', access: 'profile', screen: lazyScreen(() => import('./ProfileSettingsPage')) },
    { path: '/profile/password', access: 'profile', screen: lazyScreen(() => import('./ProfilePasswordPage')) },
  ],
} satisfies Feature;
