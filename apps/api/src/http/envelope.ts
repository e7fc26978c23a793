import { type Envelope, type Locale, StatusCode, type StatusCodeValue, statusMessages } from '@wsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The envelope a route answers with: its `data` in the request's language. */
export function envelope<T>(locale: Locale, code: StatusCodeValue, data: T): Envelope<T> {
  return { statusCode: code, statusMessage: statusMessages[code][locale], data };
}

/** A success answer (body and HTTP 200). */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return envelope(request.locale, StatusCode.ok, data);
}

/** A second-step answer: body 630 carried by HTTP 200. */
export function secondStep<T>(request: FastifyRequest, reply: FastifyReply, data: T): Envelope<T> {
  reply.code(200);
  return envelope(request.locale, StatusCode.secondStep, data);
}

/** The response schema of an enveloped answer, for serialisation and OpenAPI. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), statusMessage: z.string(), data });
}

/**
 * Route option of the hot list routes: their answer is built field by field from typed rows, so it is
 * written with JSON.stringify instead of being parsed again by its zod schema on every request (the schema
 * still documents it in OpenAPI, and the tests check the shape).
 */
export const plainSerializer = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
} as const;
