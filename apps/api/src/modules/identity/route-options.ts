import { z } from 'zod';
import { envelopeSchema } from '../../http/envelope';
import { requireUser } from './auth-guard';

// Options the routes of every module behind the login share: the identity module's guard and the
// bearer requirement, so a module's routes never import another module's routes for them.

/** Bearer auth, checked before the body is even validated. */
export const guarded = { onRequest: requireUser } as const;
/** The OpenAPI security requirement of a route that needs an access token. */
export const bearer = [{ bearer: [] }];
/** An envelope whose data is null. */
export const nothing = envelopeSchema(z.null());

/**
 * The options of a module's routes behind the login: `guarded`, and the route's own schema (summary,
 * params, body, response) documented under the module's `tags` with the bearer requirement. A route
 * that needs more (a limit, a serializer) spreads these beside its own.
 */
export function signedInRoutes(tags: string[]) {
  return <S extends object>(schema: S) => ({ ...guarded, schema: { tags, security: bearer, ...schema } });
}
