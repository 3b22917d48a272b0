/** Shell: app name, errors, dashboard, menu (the login screen lives in areas/auth.ts). */
import type { Widen } from './types';

const en = {
  app_name: "Atrium",
  loading: "Loading…",
  language: "Language",
  languages: {
    ru: "Русский",
    en: "English",
    de: "Deutsch",
  },
  errors: {
    generic: "Error",
    server: "Server error",
    network: "No connection to the server",
  },
  dashboard: {
    title: "Dashboard",
    welcome: "Welcome, %{name}!",
    intro: "Here you will find your upcoming events, news, the new book and the lessons to continue.",
    empty: "Nothing here yet.",
  },
  menu: {
    logout: "Log out",
    sections: {
      learning: "Learning",
      crm: "CRM",
      staff: "Staff",
      content: "Content",
      administration: "Administration",
    },
  },
};

export const core = {
  en,
  ru: {
    app_name: "Atrium",
    loading: "Загрузка…",
    language: "Язык",
    languages: {
      ru: "Русский",
      en: "English",
      de: "Deutsch",
    },
    errors: {
      generic: "Ошибка",
      server: "Ошибка сервера",
      network: "Нет связи с сервером",
    },
    dashboard: {
      title: "Главная",
      welcome: "Добро пожаловать, %{name}!",
      intro: "Здесь будут ближайшие события, новости, новая книга и уроки, которые стоит продолжить.",
      empty: "Здесь пока ничего нет.",
    },
    menu: {
      logout: "Выйти",
      sections: {
        learning: "Обучение",
        crm: "CRM",
        staff: "Сотрудникам",
        content: "Контент",
        administration: "Администрирование",
      },
    },
  } satisfies Widen<typeof en>,
  de: {
    app_name: "Atrium",
    loading: "Wird geladen…",
    language: "Sprache",
    languages: {
      ru: "Русский",
      en: "English",
      de: "Deutsch",
    },
    errors: {
      generic: "Fehler",
      server: "Serverfehler",
      network: "Keine Verbindung zum Server",
    },
    dashboard: {
      title: "Übersicht",
      welcome: "Willkommen, %{name}!",
      intro: "Hier finden Sie kommende Veranstaltungen, Neuigkeiten, das neue Buch und Lektionen zum Weitermachen.",
      empty: "Hier ist noch nichts.",
    },
    menu: {
      logout: "Abmelden",
      sections: {
        learning: "Lernen",
        crm: "CRM",
        staff: "Mitarbeiter",
        content: "Inhalte",
        administration: "Verwaltung",
      },
    },
  } satisfies Widen<typeof en>,
};
