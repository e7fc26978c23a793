import {
  ackRequestSchema,
  ackResponseSchema,
  notificationListSchema,
  notificationSchema,
  pageQuerySchema,
  notificationPaths as paths,
  unreadCountSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, plainSerializer } from '../../http/envelope';
import { signedInRoutes } from '../identity/route-options';
import * as service from './service';

const signedIn = signedInRoutes(['notifications']);
const idParams = z.object({ id: z.string().min(1).max(64) });
const pageQuery = pageQuerySchema.pick({ page: true, pageSize: true });

/** Notifications: the caller's own, announcements, unread count, ack. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  r.get(
    paths.simple,
    {
      ...signedIn({
        summary: "The caller's notifications, newest first, paged",
        querystring: pageQuery,
        response: { 200: envelopeSchema(notificationListSchema) },
      }),
      ...plainSerializer,
    },
    async (request) =>
      ok(request, await service.listNotifications(db, request.user.id, request.query, request.locale)),
  );

  r.get(
    paths.simpleById,
    signedIn({
      summary: "One of the caller's notifications (404 for anyone else's)",
      params: idParams,
      response: { 200: envelopeSchema(notificationSchema) },
    }),
    async (request) =>
      ok(request, await service.getNotification(db, request.user.id, request.params.id, request.locale)),
  );

  r.get(
    paths.bulk,
    {
      ...signedIn({
        summary: 'Announcements to everyone, newest first, paged',
        querystring: pageQuery,
        response: { 200: envelopeSchema(notificationListSchema) },
      }),
      ...plainSerializer,
    },
    async (request) => ok(request, await service.listAnnouncements(db, request.query, request.locale)),
  );

  r.get(
    paths.bulkById,
    signedIn({
      summary: 'One announcement',
      params: idParams,
      response: { 200: envelopeSchema(notificationSchema) },
    }),
    async (request) => ok(request, await service.getAnnouncement(db, request.params.id, request.locale)),
  );

  r.get(
    paths.unread,
    {
      ...signedIn({
        summary: "The caller's unread count",
        response: { 200: envelopeSchema(unreadCountSchema) },
      }),
      ...plainSerializer,
    },
    async (request) => ok(request, await service.unreadCount(db, request.user.id)),
  );

  r.put(
    paths.ack,
    signedIn({
      summary: "Marks the caller's own notifications read (others' ids are ignored)",
      body: ackRequestSchema,
      response: { 200: envelopeSchema(ackResponseSchema) },
    }),
    async (request) => ok(request, await service.acknowledge(db, request.user.id, request.body.ids)),
  );
}
