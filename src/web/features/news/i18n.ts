/** The members' news. */
import type { Widen } from '../../i18n/types';

const en = {
  title: 'News',
  all_news: 'All news',
  search: 'Search news',
  show: 'Show news',
  all: 'All',
  only_important: 'Important',
  important: 'Important',
  empty: 'There is no news yet.',
  nothing_found: 'No news match your search.',
};

export const news = {
  en,
  ru: {
    title: 'Новости',
    all_news: 'Все новости',
    search: 'Поиск новостей',
    show: 'Какие новости показать',
    all: 'Все',
    only_important: 'Важные',
    important: 'Важно',
    empty: 'Новостей пока нет.',
    nothing_found: 'По вашему запросу новостей не найдено.',
  } satisfies Widen<typeof en>,
  de: {
    title: 'Neuigkeiten',
    all_news: 'Alle Neuigkeiten',
    search: 'Neuigkeiten suchen',
    show: 'Neuigkeiten anzeigen',
    all: 'Alle',
    only_important: 'Wichtig',
    important: 'Wichtig',
    empty: 'Noch keine Neuigkeiten.',
    nothing_found: 'Keine Neuigkeiten passen zu Ihrer Suche.',
  } satisfies Widen<typeof en>,
};
