import books from './books/admin';
import broadcasts from './broadcasts/admin';
import configs from './admin/configs';
import contactCategories from './contacts/categories';
import contacts from './contacts';
import events from './events/admin';
import flows from './flows';
import footerLinks from './admin/footer-links';
import lessonCategories from './learning/admin/categories';
import lessonMaterials from './learning/admin/materials';
import lessons from './learning/admin/lessons';
import news from './news/admin';
import outbox from './admin/outbox';
import packages from './subscription/admin';
import payments from './payments';
import productOrders from './products/orders';
import products from './products/admin';
import structure from './team/structure';
import users from './users';
import waitingLeads from './leads';

/**
 * Every react-admin resource by name, as its feature folder exports it (`{ list, create, edit, show,
 * recordRepresentation }`, the views loaded on first visit): `<Resource name={name} {...RESOURCES[name]} />`.
 * App.tsx decides who gets which.
 */
export const RESOURCES = {
  contacts,
  'contact-categories': contactCategories,
  structure,
  'waiting-leads': waitingLeads,
  flows,
  'staff/payments': payments,
  'staff/orders': productOrders,
  users,
  outbox,
};

/**
 * Content management (admins). Named admin/<name>: the member pages own /lessons, /books, /news and
 * /events, so these live under /admin/… (the data provider maps them to /api/admin/<name>).
 */
export const CONTENT_RESOURCES = {
  'admin/lesson-categories': lessonCategories,
  'admin/lessons': lessons,
  'admin/lesson-materials': lessonMaterials,
  'admin/books': books,
  'admin/products': products,
  'admin/news': news,
  'admin/events': events,
  'admin/broadcasts': broadcasts,
  'admin/packages': packages,
  'admin/configs': configs,
  'admin/footer-links': footerLinks,
};
