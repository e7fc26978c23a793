import {
  identityPaths as paths,
  recoveryChangeRequestSchema,
  recoveryLinkRequestSchema,
  recoveryResendRequestSchema,
  recoveryStartRequestSchema,
  recoveryStartResponseSchema,
  recoveryVerifyRequestSchema,
  recoveryVerifyResponseSchema,
  resendResponseSchema,
} from '@wsm/contracts';
import { envelopeSchema, ok } from '../../http/envelope';
import { type IdentityRouteKit, nothing, tags } from './route-kit';
import * as identity from './service';

// Password recovery: the national code, the texted code, a new password.
export function registerRecoveryRoutes({ deps, perIp, failuresPerIp, r, requester }: IdentityRouteKit): void {
  r.post(
    paths.recoveryStart,
    {
      schema: {
        tags,
        summary: 'Recovery 1: national code; texts a code (the same answer for unregistered codes)',
        body: recoveryStartRequestSchema,
        response: { 200: envelopeSchema(recoveryStartResponseSchema) },
      },
      preHandler: perIp('recoveryIp'),
    },
    async (request) =>
      ok(
        request,
        await identity.startRecovery(deps, {
          ...request.body,
          log: request.log,
          requester: requester(request),
        }),
      ),
  );

  r.post(
    paths.recoveryVerify,
    {
      schema: {
        tags,
        summary: 'Recovery 2: the texted code',
        body: recoveryVerifyRequestSchema,
        response: { 200: envelopeSchema(recoveryVerifyResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await failuresPerIp('codeFailIp', request, () => identity.verifyRecovery(deps, request.body)),
      ),
  );

  r.post(
    paths.recoveryResend,
    {
      schema: {
        tags,
        summary: 'Recovery: text a new code once resendAfter has passed',
        body: recoveryResendRequestSchema,
        response: { 200: envelopeSchema(resendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await identity.resendRecovery(deps, {
          ...request.body,
          log: request.log,
          requester: requester(request),
        }),
      ),
  );

  r.post(
    paths.recoveryLink,
    {
      schema: {
        tags,
        summary:
          "Recovery by a text's link instead of steps 1 and 2: a proved recovery token for step 3 (the link works once, for a day)",
        body: recoveryLinkRequestSchema,
        response: { 200: envelopeSchema(recoveryVerifyResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await failuresPerIp('codeFailIp', request, () => identity.openRecoveryLink(deps, request.body)),
      ),
  );

  r.post(
    paths.recoveryChange,
    {
      schema: {
        tags,
        summary: 'Recovery 3: the new password; every session of the account is revoked',
        body: recoveryChangeRequestSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await failuresPerIp('codeFailIp', request, () =>
        identity.completeRecovery(deps, { ...request.body, locale: request.locale }),
      );
      return ok(request, null);
    },
  );
}
