import type { HandlerTable } from './types';
import {
  createTicket,
  createTicketForMember,
  getConsultantTicket,
  getMyTicket,
  listConsultantTickets,
  rejectTicket,
  ticketChoices,
  updateTicket,
} from '../services/tickets';
import { sendTelegramMessage } from '../services/tickets/telegram';

export const ticketsHandlers: HandlerTable = {
  getTicketChoices: async (req) => ticketChoices(req.lang, req.auth!.role, req.query.scope),
  createTicket: async (req, reply) => {
    const ticket = await createTicket(req.server.ctx, req.auth!, req.body);
    reply.status(201);
    return ticket;
  },
  getMyTicket: async (req) => getMyTicket(req.server.ctx, req.auth!, req.params.id),
  listConsultantTickets: async (req) => listConsultantTickets(req.server.ctx, req.auth!, req.query),
  getConsultantTicket: async (req) => getConsultantTicket(req.server.ctx, req.auth!, req.body.ticket_id),
  updateTicket: async (req) => updateTicket(req.server.ctx, req.auth!, req.body),
  rejectTicket: async (req) => rejectTicket(req.server.ctx, req.auth!, req.body),
  createTicketForMember: async (req, reply) => {
    const ticket = await createTicketForMember(req.server.ctx, req.auth!, req.body);
    reply.status(201);
    return ticket;
  },
  sendTelegramMessage: async (req) => sendTelegramMessage(req.server.ctx, req.auth!, req.body),
};
