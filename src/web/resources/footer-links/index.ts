import { FooterLinkCreate, FooterLinkEdit } from './FooterLinkForm';
import { FooterLinkList } from './FooterLinkList';

export default {
  list: FooterLinkList,
  create: FooterLinkCreate,
  edit: FooterLinkEdit,
  recordRepresentation: (r: { title?: string }) => r.title ?? '',
};
