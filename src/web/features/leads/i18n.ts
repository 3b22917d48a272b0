/** The waiting leads: the queue and its actions. */
import type { Widen } from '../../i18n/types';

const en = {
  resource_name: 'Waiting lead |||| Waiting leads',
  empty: 'No waiting leads right now.',
  fields: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    contact: 'Email and phone',
    city: 'City',
    country: 'Country',
    referrer: 'Invited by',
    source: 'Source',
    waiting_since: 'Waiting since',
    status: 'Status',
    age: 'Waiting',
    actions: 'Actions',
  },
  empty_hint:
    'New sign-ups from landing pages, registrations, imports and staff show up here; take one to work or wait for an offer in the bell.',
  queue: { new: 'New', offered: 'Offered', returned: 'Returned' },
  sources: { landing: 'Landing page', registration: 'Registration', import: 'Import', staff: 'Added by staff' },
  age: { minutes: '%{n} min', hours: '%{n} h', days: '%{n} d' },
  take: 'Take to work',
  reject: 'Reject',
  reject_title: 'Reject leads (%{smart_count})?',
  reject_content:
    'Rejected leads leave the queue and go to your list as Not active; you can make them active again there.',
  taken: 'Taken to work: %{smart_count}',
  rejected: 'Rejected: %{smart_count}',
  open_person: 'Open the person page',
  gone: 'This lead is no longer waiting: someone has taken it to work.',
  routing: {
    no_work_times:
      'No consultant has work times yet, so waiting leads are offered to no one: leads are offered only to consultants on shift.',
    nobody_now:
      'No consultant is on shift right now (or all have reached their daily limit), so waiting leads are not offered to anyone until a shift starts.',
    set_work_times: 'Set work times',
  },
  brief: {
    title: 'Waiting lead',
    hint: 'This is what you see before taking the lead; take it to work to see the whole person page.',
    back: 'Back to the waiting leads',
    yours: 'The lead is yours now.',
  },
};

export const leads = {
  en,
  ru: {
    resource_name: 'Ожидающий лид |||| Ожидающие лиды',
    empty: 'Сейчас нет ожидающих лидов.',
    fields: {
      name: 'Имя',
      email: 'Email',
      phone: 'Телефон',
      contact: 'Email и телефон',
      city: 'Город',
      country: 'Страна',
      referrer: 'Пригласил(а)',
      source: 'Источник',
      waiting_since: 'Ожидает с',
      status: 'Статус',
      age: 'Ожидает',
      actions: 'Действия',
    },
    empty_hint:
      'Здесь появляются новые заявки с лендингов, регистрации, импорта и от сотрудников; возьмите лид в работу или дождитесь предложения в колокольчике.',
    queue: { new: 'Новый', offered: 'Предложен', returned: 'Возвращён' },
    sources: { landing: 'Лендинг', registration: 'Регистрация', import: 'Импорт', staff: 'Добавлен сотрудником' },
    age: { minutes: '%{n} мин', hours: '%{n} ч', days: '%{n} дн.' },
    take: 'Взять в работу',
    reject: 'Отклонить',
    reject_title: 'Отклонить лиды (%{smart_count})?',
    reject_content:
      'Отклонённые лиды уходят из очереди в ваш список со статусом «Неактивный»; там их можно снова сделать активными.',
    taken: 'Взято в работу: %{smart_count}',
    rejected: 'Отклонено: %{smart_count}',
    open_person: 'Открыть карточку',
    gone: 'Этот лид больше не ожидает: его уже взяли в работу.',
    routing: {
      no_work_times:
        'Ни у одного консультанта ещё нет рабочего времени, поэтому ожидающие лиды никому не предлагаются: лиды предлагаются только консультантам на смене.',
      nobody_now:
        'Сейчас ни один консультант не на смене (или все исчерпали дневной лимит), поэтому ожидающие лиды никому не предлагаются, пока не начнётся смена.',
      set_work_times: 'Задать рабочее время',
    },
    brief: {
      title: 'Ожидающий лид',
      hint: 'Это то, что видно до взятия лида; возьмите его в работу, чтобы открыть полную карточку.',
      back: 'Назад к ожидающим лидам',
      yours: 'Лид теперь ваш.',
    },
  } satisfies Widen<typeof en>,
  de: {
    resource_name: 'Wartender Lead |||| Wartende Leads',
    empty: 'Derzeit keine wartenden Leads.',
    fields: {
      name: 'Name',
      email: 'E-Mail',
      phone: 'Telefon',
      contact: 'E-Mail und Telefon',
      city: 'Stadt',
      country: 'Land',
      referrer: 'Eingeladen von',
      source: 'Quelle',
      waiting_since: 'Wartet seit',
      status: 'Status',
      age: 'Wartet',
      actions: 'Aktionen',
    },
    empty_hint:
      'Neue Anmeldungen über Landingpages, Registrierung, Import und Mitarbeiter erscheinen hier; übernehmen Sie einen Lead oder warten Sie auf ein Angebot in der Glocke.',
    queue: { new: 'Neu', offered: 'Angeboten', returned: 'Zurückgegeben' },
    sources: {
      landing: 'Landingpage',
      registration: 'Registrierung',
      import: 'Import',
      staff: 'Von Mitarbeitern angelegt',
    },
    age: { minutes: '%{n} Min.', hours: '%{n} Std.', days: '%{n} T.' },
    take: 'Übernehmen',
    reject: 'Ablehnen',
    reject_title: 'Leads ablehnen (%{smart_count})?',
    reject_content:
      'Abgelehnte Leads verlassen die Warteschlange und stehen als „Nicht aktiv“ in Ihrer Liste; dort können Sie sie wieder aktivieren.',
    taken: 'Übernommen: %{smart_count}',
    rejected: 'Abgelehnt: %{smart_count}',
    open_person: 'Personenseite öffnen',
    gone: 'Dieser Lead wartet nicht mehr: jemand hat ihn bereits übernommen.',
    routing: {
      no_work_times:
        'Noch kein Berater hat Arbeitszeiten, daher werden wartende Leads niemandem angeboten: Leads werden nur Beratern im Dienst angeboten.',
      nobody_now:
        'Gerade ist kein Berater im Dienst (oder alle haben ihr Tageslimit erreicht), daher werden wartende Leads niemandem angeboten, bis eine Schicht beginnt.',
      set_work_times: 'Arbeitszeiten festlegen',
    },
    brief: {
      title: 'Wartender Lead',
      hint: 'Das sehen Sie vor der Übernahme; übernehmen Sie den Lead, um die ganze Personenseite zu sehen.',
      back: 'Zurück zu den wartenden Leads',
      yours: 'Der Lead gehört jetzt Ihnen.',
    },
  } satisfies Widen<typeof en>,
};
