/** The event card the member's dashboard shows. */
export { EventCard } from './EventCard';
