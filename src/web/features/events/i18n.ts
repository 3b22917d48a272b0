/** The members' events and their times. */
import type { Widen } from '../../i18n/types';

const en = {
  title: 'Events',
  all: 'All events',
  upcoming: 'Upcoming',
  past: 'Past',
  no_upcoming: 'There are no upcoming events.',
  no_past: 'There are no past events.',
  zone_note: 'Times are shown in your time zone (%{zone}).',
  online: 'Online',
  online_event: 'Online event',
  now: 'Now',
  join: 'Join online',
  add_to_calendar: 'Add to calendar',
  ended: 'This event has ended.',
};

export const events = {
  en,
  ru: {
    title: 'События',
    all: 'Все события',
    upcoming: 'Предстоящие',
    past: 'Прошедшие',
    no_upcoming: 'Ближайших событий нет.',
    no_past: 'Прошедших событий нет.',
    zone_note: 'Время указано в вашем часовом поясе (%{zone}).',
    online: 'Онлайн',
    online_event: 'Онлайн-событие',
    now: 'Идёт сейчас',
    join: 'Подключиться',
    add_to_calendar: 'Добавить в календарь',
    ended: 'Событие завершилось.',
  } satisfies Widen<typeof en>,
  de: {
    title: 'Veranstaltungen',
    all: 'Alle Veranstaltungen',
    upcoming: 'Kommende',
    past: 'Vergangene',
    no_upcoming: 'Keine kommenden Veranstaltungen.',
    no_past: 'Keine vergangenen Veranstaltungen.',
    zone_note: 'Zeiten in Ihrer Zeitzone (%{zone}).',
    online: 'Online',
    online_event: 'Online-Veranstaltung',
    now: 'Läuft gerade',
    join: 'Online teilnehmen',
    add_to_calendar: 'Zum Kalender hinzufügen',
    ended: 'Diese Veranstaltung ist vorbei.',
  } satisfies Widen<typeof en>,
};
