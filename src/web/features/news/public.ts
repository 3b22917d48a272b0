/** The news card the member's dashboard shows. */
export { NewsCard } from './NewsCard';
