import { lazyScreen } from '../../common/lazyScreen';
import type { Feature } from '../types';
import structure from './structure';
import { personReads, teamReads } from './reads';

/** The user's team: the tree, the structure list, and the person page (staff work a person there). */
export default {
  routes: [
    { path: '/team', access: 'team', screen: lazyScreen(() => import('./TeamPage')), reads: teamReads },
    {
      path: '/user/view-details/:pk',
      access: 'person',
      screen: lazyScreen(() => import('./person/PersonPage')),
      reads: personReads,
    },
  ],
  resources: [{ name: 'structure', ...structure }],
} satisfies Feature;
