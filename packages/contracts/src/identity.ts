import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { deviceSchema } from './devices';
import { nationalCodeSchema, phoneSchema, usernameSchema } from './validators';

// Requests and answers of the identity calls; the `data` of each envelope.

// Kept in their own zod-free module: the web app's first screen needs the paths, not the schemas.
export { identityPaths } from './identity-paths';

/** Password rules: 8–128 characters and not one of the common passwords. */
export const passwordSchema = z
  .string()
  .min(8)
  .max(128)
  .refine((value) => !isCommonPassword(value), { message: 'password_too_common' });

/** A one-time code: 6 digits. */
export const otpCodeSchema = z.string().regex(/^\d{6}$/, { message: 'invalid_code' });

/**
 * How the login's second step is proved: a code sent by SMS or e-mail, or `google`, a code of an
 * authenticator app (TOTP, RFC 6238) once the account has enrolled one.
 */
export const twoFaMethodSchema = z.enum(['sms', 'email', 'google']);
export type TwoFaMethod = z.infer<typeof twoFaMethodSchema>;

/**
 * The two-factor methods an account offers: masked destinations, `google: true` when enrolled, and
 * `passkeys`: how many passkeys are registered (absent when none). A passkey is not a `method` (nothing
 * is sent and it is not chosen as the preferred one): the login offers it beside the code.
 */
export const twoFaMethodsSchema = z.object({
  sms: z.string(),
  email: z.string().optional(),
  google: z.literal(true).optional(),
  passkeys: z.number().int().positive().optional(),
});
export type TwoFaMethods = z.infer<typeof twoFaMethodsSchema>;

/** Letters of a recovery code: lower case, without the look-alikes 0, 1, l and o. */
export const recoveryCodeAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
/** A recovery code as people see it: `abcde-fghij`. */
export const recoveryCodePattern = /^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/;

/**
 * A recovery code of the authenticator method: 10 letters of recoveryCodeAlphabet. Case, spaces and
 * hyphens are forgiven (people copy them from a printout); the result is `abcde-fghij`.
 */
export const recoveryCodeSchema = z
  .string()
  .max(40)
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-km-np-z2-9]{10}$/, { message: 'invalid_recovery_code' }))
  .transform((value) => `${value.slice(0, 5)}-${value.slice(5)}`);

// An opaque flow token (signup, recovery, login challenge); its length bounds what the server reads.
const flowTokenSchema = z.string().min(16).max(200);

const nameSchema = z.string().min(1).max(50);

// Optional form fields that arrive as '' when left empty.
function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

export const signupPhoneRequestSchema = z.object({ phone: phoneSchema, nationalCode: nationalCodeSchema });
export const signupPhoneResponseSchema = z.object({
  signupToken: z.string(),
  phone: z.string().describe('masked: 0912***4567'),
  resendAfter: z.number().int().describe('seconds until a resend is allowed'),
});

export const signupVerifyRequestSchema = z.object({ signupToken: flowTokenSchema, code: otpCodeSchema });
export const signupVerifyResponseSchema = z.object({ signupToken: z.string() });

export const signupResendRequestSchema = z.object({ signupToken: flowTokenSchema });
export const resendResponseSchema = z.object({ resendAfter: z.number().int() });

export const signupPasswordRequestSchema = z.object({
  signupToken: flowTokenSchema,
  password: passwordSchema,
  username: optionalField(usernameSchema),
  firstName: optionalField(nameSchema),
  lastName: optionalField(nameSchema),
});

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().describe('lifetime of the access token in seconds'),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginNationalCodeRequestSchema = z.object({
  nationalCode: nationalCodeSchema,
  password: z.string().min(1).max(128),
});
export const loginUsernameRequestSchema = z.object({
  username: usernameSchema,
  password: z.string().min(1).max(128),
});
export const loginStepResponseSchema = z.object({
  method: twoFaMethodSchema,
  accessToken: z
    .string()
    .describe('the login challenge token: Bearer of /login/2fa/send and /login/2fa/verify'),
  twoFaMethods: twoFaMethodsSchema,
  resendAfter: z
    .number()
    .int()
    .describe('seconds until a code may be sent again (0 for google: nothing was sent)'),
});
export type LoginStep = z.infer<typeof loginStepResponseSchema>;

/** `google` sends nothing: the challenge then takes the authenticator app's code. */
export const loginSendRequestSchema = z.object({ method: twoFaMethodSchema });
/**
 * The second step: `code` (sent by SMS or e-mail, or the authenticator app's when the challenge's method
 * is google), or `recoveryCode` of the authenticator method, whatever the challenge's method.
 */
export const loginVerifyRequestSchema = z
  .object({ code: otpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'code_or_recovery_code',
    path: ['code'],
  });

export const recoveryStartRequestSchema = z.object({ nationalCode: nationalCodeSchema });
export const recoveryStartResponseSchema = z.object({
  recoveryToken: z.string(),
  phone: z.string(),
  resendAfter: z.number().int(),
});
export const recoveryVerifyRequestSchema = z.object({ recoveryToken: flowTokenSchema, code: otpCodeSchema });
export const recoveryVerifyResponseSchema = z.object({ recoveryToken: z.string() });
export const recoveryResendRequestSchema = z.object({ recoveryToken: flowTokenSchema });
/** The secret of a recovery text's link (the part after `#`). */
export const recoveryLinkRequestSchema = z.object({ link: z.string().regex(/^[\w-]{43}$/) });
export const recoveryChangeRequestSchema = z.object({
  recoveryToken: flowTokenSchema,
  password: passwordSchema,
});

/** The body's refresh token; the web app sends none and renews by its cookie (docs/security.md). */
export const renewRequestSchema = z.object({ refreshToken: z.string().min(16).max(200).optional() });

export const sessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string(),
  agent: z.string(),
  platform: z.string(),
  /** The platform's parts, for each language to name in its own words (formatDevice); null when unreadable. */
  device: deviceSchema.nullable(),
  createdDate: z.string(),
  lastSeenDate: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const revokeSessionRequestSchema = z.object({ sessionId: z.string().min(1).max(64) });
/** `POST …/sessions/end-by-link/`: the token of a login alert's link. */
export const endSessionByLinkRequestSchema = z.object({ token: z.string().min(20).max(2000) });
/** Whether the link's session was ended now (false: it had already ended). */
export const endSessionByLinkResponseSchema = z.object({ ended: z.boolean() });

/** `DELETE …/sessions/others/`: how many sessions were ended. */
export const revokeOthersResponseSchema = z.object({ revoked: z.number().int() });
