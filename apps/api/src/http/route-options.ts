import { z } from 'zod';
import { requireUser } from '../modules/identity/auth-guard';
import { envelopeSchema } from './envelope';

// Options the routes of several modules share. Here, below the modules, so a module's routes never
// import another module's routes for them.

/** Bearer auth, checked before the body is even validated. */
export const guarded = { onRequest: requireUser } as const;
/** The OpenAPI security requirement of a route that needs an access token. */
export const bearer = [{ bearer: [] }];
/** An envelope whose data is null. */
export const nothing = envelopeSchema(z.null());
