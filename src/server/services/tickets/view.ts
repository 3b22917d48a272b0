import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { TicketStatus } from '../../db/schema';
import { briefJson, iso, type Brief } from '../leads/brief';

export const TICKET_TYPES = [
  'question',
  'technical',
  'payment',
  'payout',
  'subscription',
  'partnership',
  'other',
] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const FINAL_STATUSES: readonly TicketStatus[] = ['completed', 'canceled', 'paid', 'rejected'];

type TicketRow = {
  id: number;
  type: TicketType;
  subject: string;
  status: TicketStatus;
  user_id: number;
  consultant_id: number | null;
  user: Brief;
  consultant: Brief | null;
  created_by: Brief | null;
  rejection_reason: string | null;
  messages_count: number;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
  taken_at: Date | null;
  closed_at: Date | null;
};

export const TICKET_COLUMNS = sql`k.id, k.type, k.subject, k.status, k.user_id, k.consultant_id, ${briefJson('mu')} as user,
  ${briefJson('co')} as consultant, ${briefJson('cb')} as created_by, k.rejection_reason, k.messages_count,
  k.last_message_at, k.created_at, k.updated_at, k.taken_at, k.closed_at`;
export const TICKET_FROM = sql`tickets k join users mu on mu.id = k.user_id left join users co on co.id = k.consultant_id
  left join users cb on cb.id = k.created_by_id`;

export function ticketView(r: TicketRow) {
  return {
    id: r.id,
    type: r.type,
    subject: r.subject,
    status: r.status,
    user: r.user,
    consultant: r.consultant,
    created_by: r.created_by,
    rejection_reason: r.rejection_reason,
    messages_count: r.messages_count,
    last_message_at: iso(r.last_message_at),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    taken_at: iso(r.taken_at),
    closed_at: iso(r.closed_at),
  };
}

export type MessageRow = {
  id: number;
  kind: 'message' | 'comment' | 'status_change' | 'telegram';
  author: Brief | null;
  message: string;
  status_from: TicketStatus | null;
  status_to: TicketStatus | null;
  created_at: Date;
};

export const messageView = (m: MessageRow) => ({ ...m, created_at: iso(m.created_at) });

export async function loadTicketRow(db: Pick<AppContext['db'], 'execute'>, id: number) {
  const res = await db.execute<TicketRow>(sql`select ${TICKET_COLUMNS} from ${TICKET_FROM} where k.id = ${id}`);
  return res.rows[0];
}

/** The ticket with all its messages, oldest first. */
export async function ticketDetail(db: Pick<AppContext['db'], 'execute'>, id: number) {
  const row = await loadTicketRow(db, id);
  if (!row) return undefined;
  const msgs = await db.execute<MessageRow>(sql`
    select m.id, m.kind, ${briefJson('a')} as author, m.message, m.status_from, m.status_to, m.created_at
    from ticket_messages m left join users a on a.id = m.author_id where m.ticket_id = ${id} order by m.created_at, m.id`);
  return { ...ticketView(row), messages: msgs.rows.map(messageView) };
}
