import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser } from './auth-guard';
import { registerLoginRoutes } from './login-routes';
import { prepareDummyHash } from './passwords';
import { registerRecoveryRoutes } from './recovery-routes';
import { identityRouteKit } from './route-kit';
import { registerSessionRoutes } from './session-routes';
import { registerSignupRoutes } from './signup-routes';

/**
 * The identity module: sign-up, login with a second step, password
 * recovery, token renewal and sessions. Registered with fastify-plugin so `request.user` (set by
 * requireUser) is declared on the root instance for every module.
 */
export const identityRoutes = fp(
  async (app: FastifyInstance) => {
    // Null until requireUser sets it; typed as AuthUser because only guarded routes read it.
    app.decorateRequest('user', null as unknown as AuthUser);
    await prepareDummyHash();
    const kit = identityRouteKit(app);
    registerSignupRoutes(kit);
    registerLoginRoutes(kit);
    registerRecoveryRoutes(kit);
    registerSessionRoutes(kit);
  },
  { name: 'identity' },
);
