/** The app bar's bell and the profile's notification settings. */
export { NotificationsBell } from './NotificationsBell';
export { NotificationSettingsCard } from './NotificationSettingsCard';
