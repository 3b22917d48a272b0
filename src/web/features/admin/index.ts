import type { Feature } from '../types';
import configs from './configs';
import footerLinks from './footer-links';
import outbox from './outbox';

/** Admins: the outgoing mail, the app's settings and the footer's links. */
export default {
  resources: [
    { name: 'outbox', ...outbox },
    { name: 'admin/configs', ...configs },
    { name: 'admin/footer-links', ...footerLinks },
  ],
} satisfies Feature;
