/** The admin's view of the mail the app sent (the dev outbox when no SMTP is set). */
import type { Widen } from '../../../i18n/types';

const en = {
  resource_name: 'Mail |||| Mail outbox',
  fields: {
    created_at: 'Sent at',
    to: 'To',
    subject: 'Subject',
    delivered: 'Delivered by SMTP',
    text: 'Plain text',
    html: 'As the recipient sees it',
  },
};

export const outbox = {
  en,
  ru: {
    resource_name: 'Письмо |||| Исходящая почта',
    fields: {
      created_at: 'Отправлено',
      to: 'Кому',
      subject: 'Тема',
      delivered: 'Доставлено через SMTP',
      text: 'Текст',
      html: 'Как видит получатель',
    },
  } satisfies Widen<typeof en>,
  de: {
    resource_name: 'E-Mail |||| Postausgang',
    fields: {
      created_at: 'Gesendet am',
      to: 'An',
      subject: 'Betreff',
      delivered: 'Per SMTP zugestellt',
      text: 'Nur-Text',
      html: 'So sieht es der Empfänger',
    },
  } satisfies Widen<typeof en>,
};
