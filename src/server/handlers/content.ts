import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { getBook, getNewBook, listBooks, purchaseBook } from '../services/books';
import { eventIcs, getEvent, listEvents, listNearestEvents } from '../services/events';
import { getNews, listImportantNews, listNews } from '../services/news';
import { getAllConfigs, getFooterLinks } from '../services/site';

/** Books, news, events, configs and footer links as members read them. */
export const contentHandlers: HandlerTable = {
  getNewBook: async (req, reply) => sendJsonText<'getNewBook'>(reply, await getNewBook(req.server.ctx, signedIn(req))),
  listBooks: async (req) => listBooks(req.server.ctx, signedIn(req)),
  getBook: async (req) => getBook(req.server.ctx, signedIn(req), req.params.id),
  purchaseBook: async (req) => purchaseBook(req.server.ctx, signedIn(req), req.body.book, req.body.payment_method),

  listImportantNews: async (_req, reply) =>
    sendJsonText<'listImportantNews'>(reply, await listImportantNews(reply.server.ctx)),
  listNews: async (req) => listNews(req.server.ctx, req.query),
  getNews: async (req) => getNews(req.server.ctx, req.params.id),

  listNearestEvents: async (req, reply) =>
    sendJsonText<'listNearestEvents'>(reply, await listNearestEvents(req.server.ctx, req.query.limit)),
  listEvents: async (req) => listEvents(req.server.ctx, req.query),
  getEvent: async (req) => getEvent(req.server.ctx, req.params.id),
  getEventIcs: async (req, reply) => {
    const ics = await eventIcs(req.server.ctx, req.params.id);
    reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="event-${req.params.id}.ics"`);
    return ics;
  },

  getAllConfigs: async (req) => getAllConfigs(req.server.ctx),
  getFooterLinks: async (req) => getFooterLinks(req.server.ctx, req.lang),
};
