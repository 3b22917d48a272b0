/** The staff's notification bell and settings. */
import type { Widen } from '../../i18n/types';

const en = {
  title: 'Notifications',
  empty: 'No notifications',
  mark_read: 'Mark all read',
  take: 'Take to work',
  taken: 'The lead is yours now',
  open_taken: 'Open the person page',
  polling: 'Live updates are interrupted: the list is checked every 30 seconds.',
  failed: 'Could not load the notifications.',
};

export const notifications = {
  en,
  ru: {
    title: 'Уведомления',
    empty: 'Уведомлений нет',
    mark_read: 'Отметить все прочитанными',
    take: 'Взять в работу',
    taken: 'Лид теперь ваш',
    open_taken: 'Открыть карточку',
    polling: 'Обновления в реальном времени прерваны: список проверяется каждые 30 секунд.',
    failed: 'Не удалось загрузить уведомления.',
  } satisfies Widen<typeof en>,
  de: {
    title: 'Benachrichtigungen',
    empty: 'Keine Benachrichtigungen',
    mark_read: 'Alle als gelesen markieren',
    take: 'Übernehmen',
    taken: 'Der Lead gehört jetzt Ihnen',
    open_taken: 'Personenseite öffnen',
    polling: 'Live-Aktualisierung unterbrochen: Die Liste wird alle 30 Sekunden geprüft.',
    failed: 'Die Benachrichtigungen konnten nicht geladen werden.',
  } satisfies Widen<typeof en>,
};
