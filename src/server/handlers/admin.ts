import type { HandlerTable } from './types';
import { contentRange, parseSimpleRest } from '../http/simple-rest';
import { getOutboxMail, listOutbox, OUTBOX_SORTABLE } from '../services/admin/outbox';

export const adminHandlers: HandlerTable = {
  listOutbox: async (req, reply) => {
    const w = parseSimpleRest<{ q?: unknown }>(req.query, OUTBOX_SORTABLE, ['id', 'DESC'], ['q']);
    const { rows, total } = await listOutbox(req.server.ctx, w);
    contentRange(reply, 'outbox', w.offset, rows.length, total);
    return rows;
  },
  getOutboxMail: async (req) => getOutboxMail(req.server.ctx, req.params.id),
};
