import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors';
import { accountsHandlers } from './accounts';
import { adminHandlers } from './admin';
import { adminContentHandlers } from './admin-content';
import { broadcastsHandlers } from './broadcasts';
import { contactsHandlers } from './contacts';
import { contentHandlers } from './content';
import { flowsHandlers } from './flows';
import { lessonsHandlers } from './learning';
import { menuHandlers } from './menu';
import { NOT_IMPLEMENTED } from './not-implemented';
import { notificationsHandlers } from './notifications';
import { paymentsHandlers } from './payments';
import { productsHandlers } from './products';
import { subscriptionHandlers } from './subscription';
import type { HandlerTable, OperationId } from './types';
import { usersHandlers } from './users';
import { statisticsHandlers } from './statistics';
import { teamHandlers } from './team';
import { tasksHandlers } from './tasks';
import { telegramHandlers } from './telegram';
import { ticketsHandlers } from './tickets';
import { staffHandlers } from './staff';
import { importsHandlers } from './imports';

export const handlers: HandlerTable = {
  ...accountsHandlers,
  ...adminHandlers,
  ...adminContentHandlers,
  ...broadcastsHandlers,
  ...contactsHandlers,
  ...contentHandlers,
  ...flowsHandlers,
  ...lessonsHandlers,
  ...menuHandlers,
  ...notificationsHandlers,
  ...paymentsHandlers,
  ...productsHandlers,
  ...subscriptionHandlers,
  ...usersHandlers,
  ...statisticsHandlers,
  ...teamHandlers,
  ...tasksHandlers,
  ...telegramHandlers,
  ...ticketsHandlers,
  ...staffHandlers,
  ...importsHandlers,
};

type AnyHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The handler for an operation; a listed, not yet built one answers 501. */
export function handlerFor(operationId: string): AnyHandler {
  const h = handlers[operationId as OperationId] as AnyHandler | undefined;
  if (h) return h;
  if (!NOT_IMPLEMENTED.includes(operationId as OperationId)) {
    throw new Error(`Operation ${operationId} has no handler and is not listed in NOT_IMPLEMENTED`);
  }
  return () =>
    Promise.reject(
      new DomainError('not_implemented', 'not_implemented', 'not_implemented', { operation: operationId }),
    );
}
