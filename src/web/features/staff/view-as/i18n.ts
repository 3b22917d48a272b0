/** The staff workspace: the roster, view-as, notifications. */
import type { Widen } from '../../../i18n/types';

const en = {
  try_again: 'Try again',
  refusal: {
    person: 'You have no access to this person',
    page: 'You have no access to this page',
    view_as: 'You have no access to this workspace',
    hint: 'Ask an administrator if you need it.',
    back: 'Go back',
  },
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
    refusal: {
      person: 'У вас нет доступа к этому человеку',
      page: 'У вас нет доступа к этой странице',
      view_as: 'У вас нет доступа к этому рабочему месту',
      hint: 'Если он нужен, обратитесь к администратору.',
      back: 'Вернуться',
    },
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
    refusal: {
      person: 'Sie haben keinen Zugriff auf diese Person',
      page: 'Sie haben keinen Zugriff auf diese Seite',
      view_as: 'Sie haben keinen Zugriff auf diesen Arbeitsbereich',
      hint: 'Wenden Sie sich an einen Administrator, wenn Sie ihn brauchen.',
      back: 'Zurück',
    },
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
