/** Statistics: the staff dashboard (metrics, periods, countries, the staff table). */
import type { Widen } from './types';

const en = {
  "title": "Statistics",
  "period": "Period",
  "periods": {
    "today": "Today",
    "week": "Week",
    "month": "Month",
    "quarter": "Quarter",
    "half_year": "Half year",
    "year": "Year",
    "range": "Date range"
  },
  "date_from": "From",
  "date_to": "To",
  "apply": "Show",
  "metrics": {
    "completed_tasks": "Completed tasks",
    "time_spent": "Time spent",
    "donations_sum": "Donations",
    "new_subscriptions": "New subscriptions",
    "new_registrations": "New registrations",
    "tasks_of_new_registrations": "Tasks of new registrations"
  },
  "minutes": "%{smart_count} min",
  "by_countries": "By country",
  "by_staff": "By employee",
  "country": "Country",
  "no_country": "Not given",
  "registrations": "Registrations",
  "subscriptions": "Subscriptions",
  "employee": "Employee",
  "blocked": "blocked",
  "empty": "No figures for this period yet."
};

export const statistics = {
  en,
  ru: {
  "title": "Статистика",
  "period": "Период",
  "periods": {
    "today": "Сегодня",
    "week": "Неделя",
    "month": "Месяц",
    "quarter": "Квартал",
    "half_year": "Полгода",
    "year": "Год",
    "range": "Диапазон дат"
  },
  "date_from": "С",
  "date_to": "По",
  "apply": "Показать",
  "metrics": {
    "completed_tasks": "Выполненные задачи",
    "time_spent": "Затраченное время",
    "donations_sum": "Пожертвования",
    "new_subscriptions": "Новые подписки",
    "new_registrations": "Новые регистрации",
    "tasks_of_new_registrations": "Задачи по новым регистрациям"
  },
  "minutes": "%{smart_count} мин",
  "by_countries": "По странам",
  "by_staff": "По сотрудникам",
  "country": "Страна",
  "no_country": "Не указана",
  "registrations": "Регистрации",
  "subscriptions": "Подписки",
  "employee": "Сотрудник",
  "blocked": "заблокирован",
  "empty": "За этот период данных пока нет."
} satisfies Widen<typeof en>,
  de: {
  "title": "Statistik",
  "period": "Zeitraum",
  "periods": {
    "today": "Heute",
    "week": "Woche",
    "month": "Monat",
    "quarter": "Quartal",
    "half_year": "Halbjahr",
    "year": "Jahr",
    "range": "Zeitspanne"
  },
  "date_from": "Von",
  "date_to": "Bis",
  "apply": "Anzeigen",
  "metrics": {
    "completed_tasks": "Erledigte Aufgaben",
    "time_spent": "Aufgewendete Zeit",
    "donations_sum": "Spenden",
    "new_subscriptions": "Neue Abonnements",
    "new_registrations": "Neue Registrierungen",
    "tasks_of_new_registrations": "Aufgaben zu neuen Registrierungen"
  },
  "minutes": "%{smart_count} Min.",
  "by_countries": "Nach Ländern",
  "by_staff": "Nach Mitarbeitenden",
  "country": "Land",
  "no_country": "Nicht angegeben",
  "registrations": "Registrierungen",
  "subscriptions": "Abonnements",
  "employee": "Mitarbeiter",
  "blocked": "gesperrt",
  "empty": "Für diesen Zeitraum gibt es noch keine Zahlen."
} satisfies Widen<typeof en>,
};
