/** The staff workspace: the roster, view-as, notifications. */
import type { Widen } from './types';

const en = {
  try_again: 'Try again',
  view_as: {
    banner: "You are viewing %{name}'s workspace. Nothing changes unless you act explicitly.",
    leave: 'Leave view-as',
    open: 'View as',
  },
  notifications: {
    title: 'Notifications',
    empty: 'No notifications',
    mark_read: 'Mark all read',
    take: 'Take to work',
    taken: 'The lead is yours now',
    polling: 'Live updates are interrupted: the list is checked every 30 seconds.',
    failed: 'Could not load the notifications.',
  },
};

export const staff = {
  en,
  ru: {
    try_again: 'Повторить',
    view_as: {
      banner: 'Вы смотрите рабочее место: %{name}. Ничего не меняется, пока вы явно не выполните действие.',
      leave: 'Выйти из просмотра',
      open: 'Смотреть как',
    },
    notifications: {
      title: 'Уведомления',
      empty: 'Уведомлений нет',
      mark_read: 'Отметить все прочитанными',
      take: 'Взять в работу',
      taken: 'Лид теперь ваш',
      polling: 'Обновления в реальном времени прерваны: список проверяется каждые 30 секунд.',
      failed: 'Не удалось загрузить уведомления.',
    },
  } satisfies Widen<typeof en>,
  de: {
    try_again: 'Erneut versuchen',
    view_as: {
      banner: 'Sie sehen den Arbeitsbereich von %{name}. Nichts ändert sich, solange Sie nicht ausdrücklich handeln.',
      leave: 'Ansicht verlassen',
      open: 'Ansehen als',
    },
    notifications: {
      title: 'Benachrichtigungen',
      empty: 'Keine Benachrichtigungen',
      mark_read: 'Alle als gelesen markieren',
      take: 'Übernehmen',
      taken: 'Der Lead gehört jetzt Ihnen',
      polling: 'Live-Aktualisierung unterbrochen: Die Liste wird alle 30 Sekunden geprüft.',
      failed: 'Die Benachrichtigungen konnten nicht geladen werden.',
    },
  } satisfies Widen<typeof en>,
};
