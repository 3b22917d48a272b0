/** The lesson card the member's dashboard shows. */
export { LessonCard } from './LessonCard';
