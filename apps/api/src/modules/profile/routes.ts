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
import { requireUser } from '../identity/auth-guard';
import { genderRows, languageRows } from './reference';
import * as service from './service';

const tags = ['profile'];
const security = [{ bearer: [] }];

/** The caller's own profile and its reference lists (api-contract.md section 4). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  r.get(
    paths.profile,
    {
      schema: {
        tags,
        security,
        summary: "The caller's profile",
        response: { 200: envelopeSchema(profileSchema) },
      },
      onRequest: requireUser,
    },
    async (request) => ok(request, await service.getProfile(deps, request.user.id, request.locale)),
  );

  r.put(
    paths.profile,
    {
      schema: {
        tags,
        security,
        summary: 'Updates any of the profile fields; answers the profile',
        body: profileUpdateRequestSchema,
        response: { 200: envelopeSchema(profileSchema) },
      },
      onRequest: requireUser,
    },
    async (request) =>
      ok(request, await service.updateProfile(deps, request.user.id, request.body, request.locale)),
  );

  r.get(
    paths.genders,
    {
      schema: {
        tags,
        security,
        summary: 'Genders (male, female)',
        response: { 200: envelopeSchema(z.array(referenceRowSchema)) },
      },
      onRequest: requireUser,
    },
    async (request) => ok(request, genderRows(request.locale)),
  );

  r.get(
    paths.languages,
    {
      schema: {
        tags,
        security,
        summary: 'Languages (persian, english, arabic)',
        response: { 200: envelopeSchema(z.array(referenceRowSchema)) },
      },
      onRequest: requireUser,
    },
    async (request) => ok(request, languageRows(request.locale)),
  );
}
