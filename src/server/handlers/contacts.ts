import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import {
  createContactCategory,
  deleteContactCategory,
  listContactCategories,
  listContactStatuses,
  updateContactCategory,
} from '../services/contact-categories';
import {
  bulkContacts,
  createContact,
  deleteContact,
  exportContacts,
  getContact,
  listContacts,
  updateContact,
} from '../services/contacts';
import { addContactNote, deleteContactNote, listContactNotes } from '../services/contact-notes';

/** Every call acts on the caller's own contacts and categories; another owner's ids answer 404. */
export const contactsHandlers: HandlerTable = {
  listContactStatuses: (req) => Promise.resolve(listContactStatuses(req.lang)),
  listContactCategories: async (req) => listContactCategories(req.server.ctx, signedIn(req).id),
  createContactCategory: async (req, reply) => {
    reply.status(201);
    return createContactCategory(req.server.ctx, signedIn(req).id, req.body);
  },
  updateContactCategory: async (req) =>
    updateContactCategory(req.server.ctx, signedIn(req).id, req.params.id, req.body),
  deleteContactCategory: async (req) =>
    deleteContactCategory(req.server.ctx, signedIn(req).id, req.params.id, req.lang),

  listContacts: async (req, reply) =>
    sendJsonText<'listContacts'>(reply, await listContacts(req.server.ctx, signedIn(req), req.query)),
  getContact: async (req) => getContact(req.server.ctx, signedIn(req), req.params.id),
  createContact: async (req, reply) => {
    reply.status(201);
    return createContact(req.server.ctx, signedIn(req), req.body);
  },
  updateContact: async (req) => updateContact(req.server.ctx, signedIn(req), req.params.id, req.body),
  deleteContact: async (req) => deleteContact(req.server.ctx, signedIn(req).id, req.params.id, req.lang),
  bulkContacts: async (req) => bulkContacts(req.server.ctx, signedIn(req).id, req.body, req.lang),
  listContactNotes: async (req) => listContactNotes(req.server.ctx, signedIn(req).id, req.params.id, req.query),
  addContactNote: async (req, reply) => {
    reply.status(201);
    return addContactNote(req.server.ctx, signedIn(req).id, req.params.id, req.body);
  },
  deleteContactNote: async (req) =>
    deleteContactNote(req.server.ctx, signedIn(req).id, req.params.id, req.params.noteId, req.lang),
  exportContacts: async (req, reply) => {
    const csv = await exportContacts(req.server.ctx, signedIn(req), req.query, req.lang);
    reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="contacts.csv"');
    return csv;
  },
};
