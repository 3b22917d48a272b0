/** The app's own messages in English; ru and de must have the same keys (a test checks). */
export const en = {
  atrium: {
    app_name: 'Atrium',
    loading: 'Loading…',
    language: 'Language',
    languages: { ru: 'Русский', en: 'English', de: 'Deutsch' },
    login: {
      title: 'Sign in to Atrium',
      subtitle: 'Lessons, community and your team in one place',
      username: 'Email or phone',
      password: 'Password',
      submit: 'Log in',
      forgot: 'Forgot password?',
      register: 'Create an account',
      logged_in: 'Logged in',
      logged_out: 'Logged out',
      failed: 'Login failed. Please try again or contact your supervisor',
    },
    errors: {
      generic: 'Error',
      server: 'Server error',
      network: 'No connection to the server',
    },
    dashboard: {
      title: 'Dashboard',
      welcome: 'Welcome, %{name}!',
      intro: 'Here you will find your upcoming events, news, the new book and the lessons to continue.',
      empty: 'Nothing here yet.',
    },
    users: {
      name: 'User |||| Users',
      fields: {
        id: 'ID',
        email: 'Email',
        phone: 'Phone',
        first_name: 'First name',
        last_name: 'Last name',
        city: 'City',
        country: 'Country',
        time_zone: 'Time zone',
        language: 'Language',
        role: 'Role',
        is_active: 'Active',
        is_partner: 'Partner',
        lead_status: 'Status',
        date_joined: 'Joined',
        password: 'Password',
      },
      roles: { member: 'Member', consultant: 'Consultant', admin: 'Admin' },
      lead_statuses: { waiting: 'Waiting', processing: 'Processing', active: 'Active', not_active: 'Not active' },
      created: 'User successfully created',
      updated: 'User successfully updated',
      empty: 'No users match these filters.',
    },
    menu: {
      logout: 'Log out',
    },
  },
  resources: {
    users: { name: 'User |||| Users' },
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type AppMessages = Widen<typeof en>;
