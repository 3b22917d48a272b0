import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import flows from './resource';

/** Funnels (flows) with their landing pages, for everyone: the list and the landing editor. */
export default {
  resources: [{ name: 'flows', ...flows }],
  routes: [
    {
      path: '/flows/edit_landing/:id',
      access: 'flows',
      screen: lazyScreen(() => import('./landing/LandingEditorPage')),
    },
  ],
} satisfies Feature;
