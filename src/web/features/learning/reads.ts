import { listRead, oneRead, type EarlyReads } from '../../providers/data/earlyReads';
import { detailMeta } from '../../providers/data/detail';
import { isRecordId } from '../../common/urlState';

/**
 * The server answers in the interface language, so it is part of every learning query's key (as
 * react-admin's `meta`).
 */
export const listMeta = (locale: string) => ({ locale });

/** /lessons (LessonsPage's overview): the categories and the free lessons. */
export const lessonsReads: EarlyReads = ({ locale }) => [
  listRead('learning/categories', { meta: listMeta(locale) }),
  listRead('learning/lessons', { filter: { free: true }, meta: listMeta(locale) }),
];

/** /lesson/view/:id (LessonPage): the lesson, as useLearningRecord reads it. */
export const lessonReads: EarlyReads = ({ params, locale }) => {
  const id = Number(params.id);
  return isRecordId(id) ? [oneRead('learning/lessons', { id, meta: detailMeta(listMeta(locale)) })] : [];
};
