import type { SchemaFooterLinkAdmin } from '../../../../api/schema';
import { lazyView } from '../../../common/lazyView';

/** Admin: the links in the public pages' footer. */
export default {
  list: lazyView(() => import('./FooterLinkList'), 'FooterLinkList'),
  create: lazyView(() => import('./FooterLinkForm'), 'FooterLinkCreate'),
  edit: lazyView(() => import('./FooterLinkForm'), 'FooterLinkEdit'),
  recordRepresentation: (r: SchemaFooterLinkAdmin) => r.title,
};
