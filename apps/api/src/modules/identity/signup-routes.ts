import {
  identityPaths as paths,
  resendResponseSchema,
  signupPasswordRequestSchema,
  signupPhoneRequestSchema,
  signupPhoneResponseSchema,
  signupResendRequestSchema,
  signupVerifyRequestSchema,
  signupVerifyResponseSchema,
  tokenPairSchema,
} from '@wsm/contracts';
import { envelopeSchema, ok } from '../../http/envelope';
import { client, type IdentityRouteKit, tags } from './route-kit';
import * as identity from './service';

// Sign-up: the phone, its code, then the account.
export function registerSignupRoutes({ deps, perIp, failuresPerIp, r, withCookies }: IdentityRouteKit): void {
  r.post(
    paths.signupPhone,
    {
      schema: {
        tags,
        summary: 'Sign-up 1: phone and national code; texts a code (261 if either is registered)',
        body: signupPhoneRequestSchema,
        response: { 200: envelopeSchema(signupPhoneResponseSchema) },
      },
      preHandler: perIp('signupIp'),
    },
    async (request) =>
      ok(
        request,
        await identity.startSignup(deps, {
          ...request.body,
          locale: request.locale,
          ip: request.ip,
          log: request.log,
        }),
      ),
  );

  r.post(
    paths.signupVerify,
    {
      schema: {
        tags,
        summary: 'Sign-up 2: the texted code (620 wrong, 660 after 5 wrong tries)',
        body: signupVerifyRequestSchema,
        response: { 200: envelopeSchema(signupVerifyResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await failuresPerIp('codeFailIp', request, () => identity.verifySignup(deps, request.body)),
      ),
  );

  r.post(
    paths.signupResend,
    {
      schema: {
        tags,
        summary: 'Sign-up: text a new code once resendAfter has passed (260 before)',
        body: signupResendRequestSchema,
        response: { 200: envelopeSchema(resendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await identity.resendSignup(deps, {
          ...request.body,
          locale: request.locale,
          ip: request.ip,
          log: request.log,
        }),
      ),
  );

  r.post(
    paths.signupPassword,
    {
      schema: {
        tags,
        summary: 'Sign-up 3: password (+ username, names); creates the account and logs it in',
        body: signupPasswordRequestSchema,
        response: { 200: envelopeSchema(tokenPairSchema) },
      },
    },
    async (request, reply) =>
      ok(
        request,
        withCookies(
          reply,
          await failuresPerIp('codeFailIp', request, () =>
            identity.completeSignup(deps, {
              ...request.body,
              locale: request.locale,
              client: client(request),
              log: request.log,
            }),
          ),
        ),
      ),
  );
}
