/** Shell: app name, errors, dashboard, menu (the login screen lives in areas/auth.ts). */
import type { Widen } from './types';

const en = {
  app_name: 'Atrium',
  loading: 'Loading…',
  language: 'Language',
  languages: {
    ru: 'Русский',
    en: 'English',
    de: 'Deutsch',
  },
  errors: {
    generic: 'Error',
    server: 'Server error',
    network: 'No connection to the server',
  },
  // The limits of the contract's fields (src/api/validation.ts); the server's wording.
  validation: {
    required: 'Please, fill this field',
    empty: 'This field cannot be empty',
    too_short: 'Ensure this field has at least %{min} characters.',
    too_long: 'Ensure this field has no more than %{max} characters.',
    email: 'Please, enter valid email address',
    pattern: 'Invalid value.',
    integer: 'Enter a whole number.',
    number: 'Enter a number.',
    min_value: 'Ensure this value is greater than or equal to %{min}.',
    max_value: 'Ensure this value is less than or equal to %{max}.',
    choice: 'Choose one of the offered values.',
    too_few: 'Choose at least %{min}.',
    too_many: 'Choose at most %{max}.',
  },
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, %{name}!',
    intro: 'Here you will find your upcoming events, news, the new book and the lessons to continue.',
    empty: 'Nothing here yet.',
  },
  menu: {
    logout: 'Log out',
    sections: {
      learning: 'Learning',
      crm: 'CRM',
      staff: 'Staff',
      content: 'Content',
      administration: 'Administration',
    },
  },
};

export const core = {
  en,
  ru: {
    app_name: 'Atrium',
    loading: 'Загрузка…',
    language: 'Язык',
    languages: {
      ru: 'Русский',
      en: 'English',
      de: 'Deutsch',
    },
    errors: {
      generic: 'Ошибка',
      server: 'Ошибка сервера',
      network: 'Нет связи с сервером',
    },
    validation: {
      required: 'Пожалуйста, заполните это поле',
      empty: 'Это поле не может быть пустым',
      too_short: 'Убедитесь, что в поле не меньше %{min} символов.',
      too_long: 'Убедитесь, что в поле не больше %{max} символов.',
      email: 'Пожалуйста, введите корректный email',
      pattern: 'Неверное значение.',
      integer: 'Введите целое число.',
      number: 'Введите число.',
      min_value: 'Убедитесь, что значение не меньше %{min}.',
      max_value: 'Убедитесь, что значение не больше %{max}.',
      choice: 'Выберите одно из предложенных значений.',
      too_few: 'Выберите не меньше %{min}.',
      too_many: 'Выберите не больше %{max}.',
    },
    dashboard: {
      title: 'Главная',
      welcome: 'Добро пожаловать, %{name}!',
      intro: 'Здесь будут ближайшие события, новости, новая книга и уроки, которые стоит продолжить.',
      empty: 'Здесь пока ничего нет.',
    },
    menu: {
      logout: 'Выйти',
      sections: {
        learning: 'Обучение',
        crm: 'CRM',
        staff: 'Сотрудникам',
        content: 'Контент',
        administration: 'Администрирование',
      },
    },
  } satisfies Widen<typeof en>,
  de: {
    app_name: 'Atrium',
    loading: 'Wird geladen…',
    language: 'Sprache',
    languages: {
      ru: 'Русский',
      en: 'English',
      de: 'Deutsch',
    },
    errors: {
      generic: 'Fehler',
      server: 'Serverfehler',
      network: 'Keine Verbindung zum Server',
    },
    validation: {
      required: 'Bitte füllen Sie dieses Feld aus',
      empty: 'Dieses Feld darf nicht leer sein',
      too_short: 'Dieses Feld muss mindestens %{min} Zeichen enthalten.',
      too_long: 'Dieses Feld darf höchstens %{max} Zeichen enthalten.',
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      pattern: 'Ungültiger Wert.',
      integer: 'Geben Sie eine ganze Zahl ein.',
      number: 'Geben Sie eine Zahl ein.',
      min_value: 'Der Wert muss mindestens %{min} betragen.',
      max_value: 'Der Wert darf höchstens %{max} betragen.',
      choice: 'Wählen Sie einen der angebotenen Werte.',
      too_few: 'Wählen Sie mindestens %{min} aus.',
      too_many: 'Wählen Sie höchstens %{max} aus.',
    },
    dashboard: {
      title: 'Übersicht',
      welcome: 'Willkommen, %{name}!',
      intro: 'Hier finden Sie kommende Veranstaltungen, Neuigkeiten, das neue Buch und Lektionen zum Weitermachen.',
      empty: 'Hier ist noch nichts.',
    },
    menu: {
      logout: 'Abmelden',
      sections: {
        learning: 'Lernen',
        crm: 'CRM',
        staff: 'Mitarbeiter',
        content: 'Inhalte',
        administration: 'Verwaltung',
      },
    },
  } satisfies Widen<typeof en>,
};
