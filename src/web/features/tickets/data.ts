import { api, unwrap } from '../../../api/client';
import type {
  SchemaTicketCreateForMemberRequest,
  SchemaTicketCreateRequest,
  SchemaTicketStatus,
  SchemaTicketType,
  SchemaTicketUpdateRequest,
} from '../../../api/schema';
import type { ResourceAdapter } from '../../providers/data/types';
import { invalidating } from '../../providers/data/invalidation';

export type TicketFilter = {
  status?: SchemaTicketStatus | '';
  type?: SchemaTicketType | '';
  q?: string;
  user_id?: number;
  member_id?: number;
};

/**
 * `tickets` → tickets/consultant/…: the staff list, detail (with messages), create on a member's
 * behalf, and update as an action (take, update, complete, cancel, mark_paid; `reject` with a
 * reason goes to reject_ticket/).
 */
export const ticketsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as TicketFilter;
    const page = await unwrap(
      api.POST('/tickets/consultant/list/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            status: f.status || undefined,
            type: f.type || undefined,
            search: f.q || undefined,
            user_id: f.user_id,
            member_id: f.member_id,
            ordering: sort?.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined,
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.POST('/tickets/consultant/detail/', { body: { ticket_id: Number(id) } })) };
  },
  async create(_resource, { data }) {
    const body = data as SchemaTicketCreateForMemberRequest;
    return { data: await unwrap(api.POST('/tickets/consultant/create_ticket/', { body })) };
  },
  async update(_resource, { id, data }) {
    const d = data as Omit<SchemaTicketUpdateRequest, 'ticket_id' | 'action'> & {
      action: SchemaTicketUpdateRequest['action'] | 'reject';
      reason?: string;
    };
    const ticket_id = Number(id);
    if (d.action === 'reject') {
      return {
        data: await unwrap(
          api.POST('/tickets/consultant/reject_ticket/', { body: { ticket_id, reason: d.reason ?? '' } }),
        ),
      };
    }
    const body: SchemaTicketUpdateRequest = { ticket_id, action: d.action, status: d.status, comment: d.comment };
    return { data: await unwrap(api.POST('/tickets/consultant/update_ticket/', { body })) };
  },
};

/**
 * `my-tickets` → tickets/my/…: the caller's own requests (the member's "My requests" and the
 * conversation of one request).
 */
export const myTicketsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const f = (filter ?? {}) as { status?: SchemaTicketStatus | '' };
    const page = await unwrap(
      api.GET('/tickets/my/', {
        params: {
          query: { page: pagination?.page ?? 1, page_size: pagination?.perPage ?? 25, status: f.status || undefined },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async getOne(_resource, { id }) {
    return { data: await getMyTicket(Number(id)) };
  },
};

/**
 * What the tickets screens do that is not a resource: the translated choices and a Telegram message
 * to the ticket's member. Custom methods of the data provider (see ./index.ts), as Atomic CRM's are.
 */
export const ticketsMethods = {
  /** Ticket types and statuses with their labels in the interface language. */
  getTicketChoices: (scope: 'member' | 'staff') => ticketChoices(scope),
  /** Sends a message to the ticket's member through the Telegram bot (added to the ticket). */
  sendTicketTelegram: (ticketId: number, message: string) => sendTelegram(ticketId, message),
  /**
   * A member's own request to the staff (/user/new-request/new). The cached "My requests" pages are
   * dropped, not just marked stale: the list opened next would otherwise show its old page ("no
   * requests yet") until it is read again.
   */
  createMyTicket: invalidating({ removes: [['my-tickets', 'getList']] }, (body: SchemaTicketCreateRequest) =>
    createMyTicket(body),
  ),
  /** One of the member's own requests with its conversation. */
  getMyTicket: (id: number) => getMyTicket(id),
  /** The member's reply in the conversation of one of their open requests; the request and the list are read again. */
  replyMyTicket: invalidating({ invalidates: ['my-tickets'] }, (id: number, message: string) =>
    unwrap(api.POST('/tickets/my/{id}/reply/', { params: { path: { id } }, body: { message } })),
  ),
};

const ticketChoices = (scope: 'member' | 'staff') =>
  unwrap(api.GET('/tickets/tickets_choices/', { params: { query: { scope } } }));
const sendTelegram = (ticketId: number, message: string) =>
  unwrap(api.POST('/chatbot_telegram/send_msg_through_chatbot/', { body: { ticket_id: ticketId, message } }));
const createMyTicket = (body: { type: SchemaTicketType; subject: string; message: string }) =>
  unwrap(api.POST('/tickets/create/', { body }));
const getMyTicket = (id: number) => unwrap(api.GET('/tickets/my/{id}/', { params: { path: { id } } }));
