/** Tasks: the consultant's list, the new-task and action dialogs. */
import type { Widen } from './types';

const en = {
  "title": "Tasks",
  "tabs": {
    "today": "Today",
    "future": "Future",
    "completed": "Completed",
    "canceled": "Canceled"
  },
  "types": {
    "meet": "Meeting",
    "call": "Call",
    "message": "Message"
  },
  "fields": {
    "type": "Type",
    "start": "Start",
    "start_at": "Start time",
    "end_at": "End time",
    "description": "Description",
    "linked_user": "User",
    "result": "Result",
    "status": "Status"
  },
  "start_in": {
    "15": "In 15 minutes",
    "30": "In 30 minutes",
    "45": "In 45 minutes",
    "60": "In 1 hour",
    "75": "In 1 h 15",
    "90": "In 1 h 30",
    "now": "Now"
  },
  "all_types": "All types",
  "search": "Search",
  "create": "New task",
  "create_title": "New task",
  "save": "Save",
  "cancel": "Cancel",
  "complete": "Complete",
  "complete_title": "Complete the task",
  "cancel_task": "Cancel task",
  "cancel_title": "Cancel this task?",
  "cancel_reason": "Reason (optional)",
  "reschedule": "Reschedule",
  "reschedule_title": "Reschedule the task",
  "overdue": "Overdue",
  "created": "Task created",
  "completed": "Task completed",
  "canceled": "Task canceled",
  "rescheduled": "Task rescheduled",
  "empty": "No tasks in this tab.",
  "select_start": "Please, select start time",
  "fill_field": "Please, fill this field",
  "no_users": "No users found"
};

export const tasks = {
  en,
  ru: {
  "title": "Задачи",
  "tabs": {
    "today": "Сегодня",
    "future": "Будущие",
    "completed": "Выполненные",
    "canceled": "Отменённые"
  },
  "types": {
    "meet": "Встреча",
    "call": "Звонок",
    "message": "Сообщение"
  },
  "fields": {
    "type": "Тип",
    "start": "Начало",
    "start_at": "Время начала",
    "end_at": "Время окончания",
    "description": "Описание",
    "linked_user": "Пользователь",
    "result": "Результат",
    "status": "Статус"
  },
  "start_in": {
    "15": "Через 15 минут",
    "30": "Через 30 минут",
    "45": "Через 45 минут",
    "60": "Через 1 час",
    "75": "Через 1 ч 15 мин",
    "90": "Через 1 ч 30 мин",
    "now": "Сейчас"
  },
  "all_types": "Все типы",
  "search": "Поиск",
  "create": "Новая задача",
  "create_title": "Новая задача",
  "save": "Сохранить",
  "cancel": "Отмена",
  "complete": "Выполнить",
  "complete_title": "Завершение задачи",
  "cancel_task": "Отменить задачу",
  "cancel_title": "Отменить эту задачу?",
  "cancel_reason": "Причина (необязательно)",
  "reschedule": "Перенести",
  "reschedule_title": "Перенос задачи",
  "overdue": "Просрочена",
  "created": "Задача создана",
  "completed": "Задача выполнена",
  "canceled": "Задача отменена",
  "rescheduled": "Задача перенесена",
  "empty": "В этой вкладке задач нет.",
  "select_start": "Пожалуйста, выберите время начала",
  "fill_field": "Пожалуйста, заполните это поле",
  "no_users": "Пользователи не найдены"
} satisfies Widen<typeof en>,
  de: {
  "title": "Aufgaben",
  "tabs": {
    "today": "Heute",
    "future": "Später",
    "completed": "Erledigt",
    "canceled": "Storniert"
  },
  "types": {
    "meet": "Treffen",
    "call": "Anruf",
    "message": "Nachricht"
  },
  "fields": {
    "type": "Art",
    "start": "Beginn",
    "start_at": "Startzeit",
    "end_at": "Endzeit",
    "description": "Beschreibung",
    "linked_user": "Benutzer",
    "result": "Ergebnis",
    "status": "Status"
  },
  "start_in": {
    "15": "In 15 Minuten",
    "30": "In 30 Minuten",
    "45": "In 45 Minuten",
    "60": "In 1 Stunde",
    "75": "In 1 Std. 15",
    "90": "In 1 Std. 30",
    "now": "Jetzt"
  },
  "all_types": "Alle Arten",
  "search": "Suche",
  "create": "Neue Aufgabe",
  "create_title": "Neue Aufgabe",
  "save": "Speichern",
  "cancel": "Abbrechen",
  "complete": "Erledigen",
  "complete_title": "Aufgabe abschließen",
  "cancel_task": "Aufgabe stornieren",
  "cancel_title": "Diese Aufgabe stornieren?",
  "cancel_reason": "Grund (optional)",
  "reschedule": "Verschieben",
  "reschedule_title": "Aufgabe verschieben",
  "overdue": "Überfällig",
  "created": "Aufgabe erstellt",
  "completed": "Aufgabe erledigt",
  "canceled": "Aufgabe storniert",
  "rescheduled": "Aufgabe verschoben",
  "empty": "Keine Aufgaben in diesem Reiter.",
  "select_start": "Bitte wählen Sie die Startzeit",
  "fill_field": "Bitte füllen Sie dieses Feld aus",
  "no_users": "Keine Benutzer gefunden"
} satisfies Widen<typeof en>,
};
