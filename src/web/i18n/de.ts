import type { AppMessages } from './en';

export const de: AppMessages = {
  atrium: {
    app_name: 'Atrium',
    loading: 'Wird geladen…',
    language: 'Sprache',
    languages: { ru: 'Русский', en: 'English', de: 'Deutsch' },
    login: {
      title: 'Bei Atrium anmelden',
      subtitle: 'Lektionen, Gemeinschaft und Ihr Team an einem Ort',
      username: 'E-Mail oder Telefon',
      password: 'Passwort',
      submit: 'Anmelden',
      forgot: 'Passwort vergessen?',
      register: 'Konto erstellen',
      logged_in: 'Angemeldet',
      logged_out: 'Abgemeldet',
      failed: 'Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut oder wenden Sie sich an Ihre Betreuung',
    },
    errors: {
      generic: 'Fehler',
      server: 'Serverfehler',
      network: 'Keine Verbindung zum Server',
    },
    dashboard: {
      title: 'Übersicht',
      welcome: 'Willkommen, %{name}!',
      intro: 'Hier finden Sie kommende Veranstaltungen, Neuigkeiten, das neue Buch und Lektionen zum Weitermachen.',
      empty: 'Hier ist noch nichts.',
    },
    users: {
      name: 'Benutzer |||| Benutzer',
      fields: {
        id: 'ID',
        email: 'E-Mail',
        phone: 'Telefon',
        first_name: 'Vorname',
        last_name: 'Nachname',
        city: 'Stadt',
        country: 'Land',
        time_zone: 'Zeitzone',
        language: 'Sprache',
        role: 'Rolle',
        is_active: 'Aktiv',
        is_partner: 'Partner',
        lead_status: 'Status',
        date_joined: 'Registriert',
        password: 'Passwort',
      },
      roles: { member: 'Mitglied', consultant: 'Berater', admin: 'Administrator' },
      lead_statuses: { waiting: 'Wartend', processing: 'In Bearbeitung', active: 'Aktiv', not_active: 'Nicht aktiv' },
      created: 'Benutzer erfolgreich angelegt',
      updated: 'Benutzer erfolgreich aktualisiert',
      empty: 'Keine Benutzer passen zu diesen Filtern.',
    },
    menu: {
      logout: 'Abmelden',
    },
  },
  resources: {
    users: { name: 'Benutzer |||| Benutzer' },
  },
};
