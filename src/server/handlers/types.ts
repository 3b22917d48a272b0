import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/schema';

export type OperationId = keyof operations;

type Content<T> = T extends { content: infer C } ? C : never;
type JsonOf<C> = C extends { 'application/json': infer J }
  ? J
  : C extends { 'application/x-www-form-urlencoded': infer F }
    ? F
    : unknown;

type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: infer B }
  ? JsonOf<Content<NonNullable<B>>>
  : undefined;
type QueryOf<Op extends OperationId> = operations[Op]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
type PathOf<Op extends OperationId> = operations[Op]['parameters'] extends { path: infer P } ? P : never;

type Responses<Op extends OperationId> = operations[Op]['responses'];
type SuccessCode<Op extends OperationId> = Extract<keyof Responses<Op>, 200 | 201>;
export type SuccessBody<Op extends OperationId> = JsonOf<Content<Responses<Op>[SuccessCode<Op>]>>;

type ApiRequest<Op extends OperationId> = FastifyRequest<{
  Body: BodyOf<Op>;
  Querystring: QueryOf<Op>;
  Params: PathOf<Op>;
}>;

/**
 * A success body already written as JSON text (by PostgreSQL, for the busiest lists), sent as it is
 * with Fastify's serializer skipped. The brand names the contract type the text is written to; the
 * contract fuzzer checks such answers against their schema like any other.
 */
export type JsonText<T> = string & { readonly jsonOf: T };

/** A handler for one operation: its request and its success body are typed by the contract. */
type Handler<Op extends OperationId> = (
  req: ApiRequest<Op>,
  reply: FastifyReply,
) => Promise<SuccessBody<Op> | JsonText<SuccessBody<Op>>>;

/** Sends a service's JSON text as the answer of `Op` (Fastify sends a string with a JSON content type untouched). */
export function sendJsonText<Op extends OperationId>(reply: FastifyReply, text: string): JsonText<SuccessBody<Op>> {
  reply.type('application/json; charset=utf-8');
  return text as JsonText<SuccessBody<Op>>;
}

export type HandlerTable = { [Op in OperationId]?: Handler<Op> };
