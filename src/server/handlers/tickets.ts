import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import {
  createTicket,
  createTicketForMember,
  getConsultantTicket,
  getMyTicket,
  listConsultantTickets,
  listMyTickets,
  rejectTicket,
  replyMyTicket,
  ticketChoices,
  updateTicket,
} from '../services/tickets';
import { sendTelegramMessage, withTelegramState } from '../services/tickets/telegram';

export const ticketsHandlers: HandlerTable = {
  getTicketChoices: (req) => Promise.resolve(ticketChoices(req.lang, signedIn(req).role, req.query.scope)),
  createTicket: async (req, reply) => {
    const ticket = await createTicket(req.server.ctx, signedIn(req), req.body);
    reply.status(201);
    return ticket;
  },
  getMyTicket: async (req) => getMyTicket(req.server.ctx, signedIn(req), req.params.id),
  listMyTickets: async (req) => listMyTickets(req.server.ctx, signedIn(req), req.query),
  replyMyTicket: async (req) => replyMyTicket(req.server.ctx, signedIn(req), req.params.id, req.body),
  listConsultantTickets: async (req) => listConsultantTickets(req.server.ctx, signedIn(req), req.query),
  getConsultantTicket: async (req) =>
    withTelegramState(req.server.ctx, await getConsultantTicket(req.server.ctx, signedIn(req), req.body.ticket_id)),
  updateTicket: async (req) => updateTicket(req.server.ctx, signedIn(req), req.body),
  rejectTicket: async (req) => rejectTicket(req.server.ctx, signedIn(req), req.body),
  createTicketForMember: async (req, reply) => {
    const ticket = await createTicketForMember(req.server.ctx, signedIn(req), req.body);
    reply.status(201);
    return ticket;
  },
  sendTelegramMessage: async (req) => sendTelegramMessage(req.server.ctx, signedIn(req), req.body),
};
