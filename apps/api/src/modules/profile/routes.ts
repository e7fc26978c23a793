import {
  profilePaths as paths,
  profileSchema,
  profileUpdateRequestSchema,
  referenceRowSchema,
} from '@wsm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok } from '../../http/envelope';
import { signedInRoutes } from '../identity/route-options';
import { genderRows, languageRows } from './reference';
import * as service from './service';

const signedIn = signedInRoutes(['profile']);

/** The caller's own profile and its reference lists. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    paths.profile,
    signedIn({
      summary: "The caller's profile",
      response: { 200: envelopeSchema(profileSchema) },
    }),
    async (request) => ok(request, await service.getProfile(deps, request.user.id, request.locale)),
  );

  r.put(
    paths.profile,
    signedIn({
      summary: 'Updates any of the profile fields; answers the profile',
      body: profileUpdateRequestSchema,
      response: { 200: envelopeSchema(profileSchema) },
    }),
    async (request) =>
      ok(request, await service.updateProfile(deps, request.user.id, request.body, request.locale)),
  );

  // The reference lists, each in the request's language.
  for (const [url, summary, rows] of [
    [paths.genders, 'Genders (male, female)', genderRows],
    [paths.languages, 'Languages (persian, english, arabic)', languageRows],
  ] as const)
    r.get(
      url,
      signedIn({ summary, response: { 200: envelopeSchema(z.array(referenceRowSchema)) } }),
      async (request) => ok(request, rows(request.locale)),
    );
}
