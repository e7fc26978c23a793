import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { found } from '../../http/app-error';
import { envelopeSchema, ok } from '../../http/envelope';
import { readUpload } from '../../http/multipart';
import { limitRoute } from '../../http/rate-limit';
import { requireUser } from '../identity/auth-guard';
import { loadImage, maxImageBytes, storeImage } from './images';

export const assetPaths = {
  image: '/v1/assets/images/:id',
  userProfileImage: '/v1/assets/user-profile-image',
} as const;

export const storedImageSchema = z.object({ imageId: z.string(), url: z.string() });

/** Uploads per user: generous for people, a wall for a script filling the database. */
export const uploadLimit = { name: 'upload:user', max: 30, windowSeconds: 600 };

/** Image storage: the user's own profile image upload and the public, immutable image address. */
export async function assetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.post(
    assetPaths.userProfileImage,
    {
      schema: {
        tags: ['assets'],
        summary: 'Uploads the caller’s profile image (multipart `file`: PNG, JPEG or WebP, at most 2 MiB)',
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(storedImageSchema) },
      },
      preHandler: [requireUser, limitRoute(deps.limiter, uploadLimit, (request) => request.user.id)],
    },
    async (request) => {
      const upload = await readUpload(request, maxImageBytes);
      return ok(
        request,
        await storeImage(deps.database.db, {
          bytes: upload.bytes,
          kind: 'user-profile',
          ownerUserId: request.user.id,
        }),
      );
    },
  );

  r.get(
    assetPaths.image,
    {
      schema: {
        tags: ['assets'],
        summary: 'An uploaded image (the id is unguessable; images never change, so they cache forever)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => {
      const image = found(await loadImage(deps.database.db, request.params.id));
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );
}
