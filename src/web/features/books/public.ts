/** The book parts the member's dashboard shows. */
export { BookCover } from './BookCover';
export { PriceChip } from './PriceChip';
