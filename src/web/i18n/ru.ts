import type { AppMessages } from './en';

export const ru: AppMessages = {
  atrium: {
    app_name: 'Atrium',
    loading: 'Загрузка…',
    language: 'Язык',
    languages: { ru: 'Русский', en: 'English', de: 'Deutsch' },
    login: {
      title: 'Вход в Atrium',
      subtitle: 'Уроки, сообщество и ваша команда в одном месте',
      username: 'Email или телефон',
      password: 'Пароль',
      submit: 'Войти',
      forgot: 'Забыли пароль?',
      register: 'Создать аккаунт',
      logged_in: 'Вы вошли',
      logged_out: 'Вы вышли',
      failed: 'Не удалось войти. Попробуйте ещё раз или обратитесь к своему руководителю',
    },
    errors: {
      generic: 'Ошибка',
      server: 'Ошибка сервера',
      network: 'Нет связи с сервером',
    },
    dashboard: {
      title: 'Главная',
      welcome: 'Добро пожаловать, %{name}!',
      intro: 'Здесь будут ближайшие события, новости, новая книга и уроки, которые стоит продолжить.',
      empty: 'Здесь пока ничего нет.',
    },
    users: {
      name: 'Пользователь |||| Пользователи',
      fields: {
        id: 'ID',
        email: 'Email',
        phone: 'Телефон',
        first_name: 'Имя',
        last_name: 'Фамилия',
        city: 'Город',
        country: 'Страна',
        time_zone: 'Часовой пояс',
        language: 'Язык',
        role: 'Роль',
        is_active: 'Активен',
        is_partner: 'Партнёр',
        lead_status: 'Статус',
        date_joined: 'Дата регистрации',
        password: 'Пароль',
      },
      roles: { member: 'Участник', consultant: 'Консультант', admin: 'Администратор' },
      lead_statuses: { waiting: 'Ожидает', processing: 'В работе', active: 'Активен', not_active: 'Не активен' },
      created: 'Пользователь успешно создан',
      updated: 'Пользователь успешно обновлён',
      empty: 'Нет пользователей по этим фильтрам.',
    },
    menu: {
      logout: 'Выйти',
    },
  },
  resources: {
    users: { name: 'Пользователь |||| Пользователи' },
  },
};
