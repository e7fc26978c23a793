import {
  authenticatorDisableRequestSchema,
  authenticatorEnrolmentSchema,
  authenticatorStartRequestSchema,
  codeRequestSchema,
  type Envelope,
  emailRequestSchema,
  emailResponseSchema,
  type Locale,
  nationalCodeRequestSchema,
  nationalCodeResponseSchema,
  passkeyDeleteRequestSchema,
  passkeyOptionsRequestSchema,
  passkeyPaths,
  passkeyRegisterRequestSchema,
  passkeyRenameRequestSchema,
  passkeySchema,
  passwordChangeRequestSchema,
  profilePaths as paths,
  phoneRequestSchema,
  phoneResponseSchema,
  recoveryCodesSchema,
  registrationOptionsSchema,
  resendResponseSchema,
  type StepUp,
  stepUpResponseSchema,
  twoFaSettingsRequestSchema,
  twoFaSettingsSchema,
  usernameRequestSchema,
  usernameResponseSchema,
} from '@wsm/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, ok, secondStep } from '../../http/envelope';
import { enforceLimit, limitFailures } from '../../http/rate-limit';
import type { AuthUser } from '../identity/auth-guard';
import { nothing, signedInRoutes } from '../identity/route-options';
import { type SecurityLimit, securityRule } from './limits';
import * as service from './service';

const signedIn = signedInRoutes(['security']);
const resend = envelopeSchema(resendResponseSchema);
// The step-up answer first: a union tries its members in order and would strip it to `resendAfter`.
const resendOrStepUp = envelopeSchema(z.union([stepUpResponseSchema, resendResponseSchema]));
const stepUpNote =
  ' A session older than 10 minutes (since login or the last step-up) is answered 630 { method, phone, resendAfter } and a code goes to the current phone; repeat the call with that code as `currentCode`.';

/**
 * Own security settings: username, national code, password, e-mail and
 * phone. Every call that sends a code or checks a secret is rate limited per account.
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  // The login is checked before the body is read (401 before 400), then the caller's limit.
  const limited = <S extends object>(name: SecurityLimit, schema: S) => ({
    ...signedIn(schema),
    preHandler: async (request: FastifyRequest) =>
      enforceLimit(deps.limiter, securityRule(deps.config, name), request.user.id),
  });

  // Code and password checks count only when they fail (a step-up code too): the person who types them
  // right is never stopped, a guesser is.
  const checkingSecrets = <T>(request: FastifyRequest, attempt: () => Promise<T>) =>
    limitFailures(
      deps.limiter,
      [{ rule: securityRule(deps.config, 'verifyUser'), subject: request.user.id }],
      attempt,
    );

  /**
   * A change behind the step-up: `run` answers `{ stepUp }` (630 with the code's details) while the
   * session is stale, else the change's answer, of which `data` is enveloped. With `currentCode` the
   * call checks a secret, so its failures count (checkingSecrets).
   */
  const steppedUp = async <T extends object, D>(
    request: FastifyRequest,
    reply: FastifyReply,
    currentCode: string | undefined,
    run: () => Promise<T | { stepUp: StepUp }>,
    data: (answer: T) => D,
  ): Promise<Envelope<StepUp> | Envelope<D>> => {
    const answer = currentCode !== undefined ? await checkingSecrets(request, run) : await run();
    return 'stepUp' in answer ? secondStep(request, reply, answer.stepUp) : ok(request, data(answer));
  };

  /** A read of the caller's own setting; `read` answers what `data` describes. */
  const readOwn = <D extends z.ZodType>(
    url: string,
    summary: string,
    data: D,
    read: (userId: string) => Promise<z.infer<D>>,
  ) =>
    // Widened: fastify cannot resolve the answer's type from a schema still generic here.
    r.get(url, signedIn({ summary, response: { 200: envelopeSchema(data as z.ZodType) } }), async (request) =>
      ok(request, await read(request.user.id)),
    );

  /**
   * Starts enrolling a second factor (limited, behind the step-up: the body carries only `currentCode`);
   * `pick` takes from the start what the caller goes on with.
   */
  const startEnrolment = <T extends object, D extends z.ZodType>(
    url: string,
    summary: string,
    body: typeof authenticatorStartRequestSchema,
    data: D,
    start: (
      user: AuthUser,
      currentCode: string | undefined,
      log: FastifyBaseLogger,
    ) => Promise<T | { stepUp: StepUp }>,
    pick: (answer: T) => z.infer<D>,
  ) =>
    r.post(
      url,
      // Widened as in readOwn.
      limited('enrolUser', {
        summary,
        body,
        response: { 200: envelopeSchema(z.union([stepUpResponseSchema, data as z.ZodType])) },
      }),
      async (request, reply) =>
        steppedUp(
          request,
          reply,
          request.body?.currentCode,
          () => start(request.user, request.body?.currentCode, request.log),
          pick,
        ),
    );

  /** A new e-mail address or phone, behind the step-up: a code is sent to it (a send, limited). */
  const submitContact = <S extends typeof emailRequestSchema | typeof phoneRequestSchema>(
    method: 'POST' | 'PUT',
    url: string,
    summary: string,
    body: S,
    kind: 'email' | 'phone',
    destination: (input: z.infer<S>) => string,
  ) =>
    r.route({
      method,
      url,
      ...limited('sendUser', { summary: `${summary}${stepUpNote}`, body, response: { 200: resendOrStepUp } }),
      handler: async (request, reply) => {
        // Widened as in readOwn.
        const input = request.body as z.infer<S>;
        return steppedUp(
          request,
          reply,
          input.currentCode,
          () =>
            service.submitContact(
              deps,
              request.user,
              { kind, destination: destination(input), currentCode: input.currentCode },
              request.locale,
              request.log,
            ),
          (answer) => answer.sent,
        );
      },
    });

  /** The code sent to a new address or phone, checked (its failures count); answers null. */
  const checkCode = (
    url: string,
    summary: string,
    check: (userId: string, code: string, log: FastifyBaseLogger) => Promise<unknown>,
  ) =>
    r.post(
      url,
      signedIn({ summary, body: codeRequestSchema, response: { 200: nothing } }),
      async (request) => {
        await checkingSecrets(request, () => check(request.user.id, request.body.code, request.log));
        return ok(request, null);
      },
    );

  /** The pending code of an address or phone, sent again (it counts toward the sends). */
  const resendCode = (
    url: string,
    summary: string,
    send: (userId: string, locale: Locale, log: FastifyBaseLogger) => Promise<{ resendAfter: number }>,
  ) =>
    r.get(url, limited('sendUser', { summary, response: { 200: resend } }), async (request) =>
      ok(request, await send(request.user.id, request.locale, request.log)),
    );

  readOwn(
    paths.twoFa,
    'How the login is proved (the preferred two-factor method) and the choices: masked phone and verified e-mail, google: true with an enrolled authenticator app',
    twoFaSettingsSchema,
    (userId) => service.getTwoFa(deps, userId),
  );
  r.put(
    paths.twoFa,
    signedIn({
      summary:
        'Chooses how the login is proved: sms, email (a verified address) or google (an enrolled authenticator app), 400 otherwise; and/or turns login alerts on or off',
      body: twoFaSettingsRequestSchema,
      response: { 200: envelopeSchema(twoFaSettingsSchema) },
    }),
    async (request) =>
      ok(request, await service.setTwoFa(deps, request.user.id, request.body, request.locale, request.log)),
  );

  startEnrolment(
    paths.twoFaGoogle,
    `Starts enrolling an authenticator app: a new base32 secret and its otpauth:// URI (for a QR code); nothing is active until confirmed with a first code (…/verify/). 261 when one is enrolled.${stepUpNote}`,
    authenticatorStartRequestSchema,
    authenticatorEnrolmentSchema,
    (user, currentCode, log) => service.startAuthenticator(deps, user, currentCode, log),
    (answer) => answer.enrolment,
  );
  r.post(
    paths.twoFaGoogleVerify,
    signedIn({
      summary:
        'Confirms the enrolment with a first code of the app (±1 step of 30 s; 620 wrong, 404 none started): it becomes a login method; answers 10 recovery codes, shown this once (stored hashed, each usable once)',
      body: codeRequestSchema,
      response: { 200: envelopeSchema(recoveryCodesSchema) },
    }),
    async (request) =>
      ok(
        request,
        await checkingSecrets(request, () =>
          service.confirmAuthenticator(deps, request.user.id, request.body.code),
        ),
      ),
  );
  r.delete(
    paths.twoFaGoogle,
    signedIn({
      summary:
        'Turns the authenticator app off with a current code of it or a recovery code (620 otherwise, 404 none enrolled); its secret and recovery codes are deleted and login codes go by SMS again',
      body: authenticatorDisableRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      await checkingSecrets(request, () =>
        service.turnOffAuthenticator(deps, request.user.id, request.body.code, request.log),
      );
      return ok(request, null);
    },
  );

  startEnrolment(
    passkeyPaths.passkeysOptions,
    `Registration options for a new passkey (PublicKeyCredentialCreationOptionsJSON; the account's passkeys excluded); the challenge is bound to this session, lives 5 minutes and is used once.${stepUpNote}`,
    passkeyOptionsRequestSchema,
    registrationOptionsSchema,
    (user, currentCode, log) => service.startPasskeyRegistration(deps, user, currentCode, log),
    (answer) => answer.options,
  );
  r.post(
    passkeyPaths.passkeys,
    signedIn({
      summary:
        "Registers a passkey: a name and the browser's answer to this session's options (RegistrationResponseJSON). 620 when it does not verify (wrong origin or RP id, no pending or a used challenge), 261 when that passkey is registered already",
      body: passkeyRegisterRequestSchema,
      response: { 200: envelopeSchema(passkeySchema) },
    }),
    async (request) =>
      ok(
        request,
        await checkingSecrets(request, () =>
          service.registerPasskey(deps, request.user, request.body.name, request.body.response),
        ),
      ),
  );
  readOwn(passkeyPaths.passkeys, "The caller's passkeys, oldest first", z.array(passkeySchema), (userId) =>
    service.listPasskeys(deps, userId),
  );
  r.put(
    passkeyPaths.passkeys,
    signedIn({
      summary: "Renames one of the caller's passkeys (404 when the caller has none of that id)",
      body: passkeyRenameRequestSchema,
      response: { 200: envelopeSchema(passkeySchema) },
    }),
    async (request) =>
      ok(request, await service.renamePasskey(deps, request.user.id, request.body.id, request.body.name)),
  );
  r.delete(
    passkeyPaths.passkeys,
    signedIn({
      summary: `Deletes one of the caller's passkeys (404 when the caller has none of that id).${stepUpNote}`,
      body: passkeyDeleteRequestSchema,
      response: { 200: envelopeSchema(z.union([stepUpResponseSchema, z.null()])) },
    }),
    async (request, reply) =>
      steppedUp(
        request,
        reply,
        request.body.currentCode,
        () => service.removePasskey(deps, request.user, request.body, request.log),
        () => null,
      ),
  );

  readOwn(paths.username, "The caller's username", usernameResponseSchema, (userId) =>
    service.getUsername(deps, userId),
  );
  r.put(
    paths.username,
    limited('claimUser', {
      summary: 'Sets the username (261 if taken)',
      body: usernameRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      await service.changeUsername(deps, request.user.id, request.body.username, request.log);
      return ok(request, null);
    },
  );

  readOwn(paths.nationalCode, "The caller's national code, masked", nationalCodeResponseSchema, (userId) =>
    service.getNationalCode(deps, userId),
  );
  r.post(
    paths.nationalCode,
    limited('claimUser', {
      summary: 'Sets the national code when the account has none (261 if it has one or it is taken)',
      body: nationalCodeRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      await service.addNationalCode(deps, request.user.id, request.body.nationalCode, request.log);
      return ok(request, null);
    },
  );

  r.get(
    paths.passwordCode,
    limited('sendUser', {
      summary: "Texts a password-change code to the caller's phone",
      response: { 200: resend },
    }),
    async (request) => ok(request, await service.sendPasswordCode(deps, request.user.id, request.log)),
  );
  r.put(
    paths.password,
    signedIn({
      summary:
        "Changes the password (texted code + current password); the caller's other sessions are revoked",
      body: passwordChangeRequestSchema,
      response: { 200: nothing },
    }),
    async (request) => {
      await checkingSecrets(request, () =>
        service.changePassword(deps, request.user, { ...request.body, locale: request.locale }, request.log),
      );
      return ok(request, null);
    },
  );

  readOwn(paths.email, "The caller's e-mail and whether it is verified", emailResponseSchema, (userId) =>
    service.getEmail(deps, userId),
  );
  for (const method of ['POST', 'PUT'] as const)
    submitContact(
      method,
      paths.email,
      `${method === 'POST' ? 'Adds' : 'Changes'} the e-mail: sends a code to that address.`,
      emailRequestSchema,
      'email',
      (input) => input.email,
    );
  checkCode(
    paths.emailVerify,
    'The e-mailed code: the address becomes the verified one',
    (userId, code, log) => service.verifyEmail(deps, userId, code, log),
  );
  resendCode(paths.emailResend, 'Sends the pending e-mail code again', (userId, locale, log) =>
    service.resendEmail(deps, userId, locale, log),
  );

  readOwn(paths.phone, "The caller's phone", phoneResponseSchema, (userId) => service.getPhone(deps, userId));
  submitContact(
    'PUT',
    paths.phone,
    'Texts a code to a new phone.',
    phoneRequestSchema,
    'phone',
    (input) => input.phone,
  );
  checkCode(
    paths.phoneVerify,
    'The texted code: switches the phone (261 if registered meanwhile)',
    (userId, code, log) => service.verifyPhone(deps, userId, code, log),
  );
  resendCode(paths.phoneResend, 'Texts the pending phone code again', (userId, locale, log) =>
    service.resendPhone(deps, userId, locale, log),
  );
}
