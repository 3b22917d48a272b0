import { listRead, type EarlyReads } from '../../providers/data/earlyReads';
import { listMeta } from '../learning/reads';

/** /books (BooksPage): the books. */
export const booksReads: EarlyReads = ({ locale }) => [listRead('learning/books', { meta: listMeta(locale) })];
