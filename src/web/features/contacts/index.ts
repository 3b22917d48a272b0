import type { Feature } from '../types';
import categories from './categories';
import contacts from './resource';

/** Everyone's own contacts (the CRM's people) and their categories. */
export default {
  resources: [
    { name: 'contacts', ...contacts },
    { name: 'contact-categories', ...categories },
  ],
} satisfies Feature;
