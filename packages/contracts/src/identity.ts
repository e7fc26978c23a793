import { z } from 'zod';
import { isCommonPassword } from './common-passwords';
import { nationalCodeSchema, phoneSchema, usernameSchema } from './validators';

// Requests and answers of the identity calls (api-contract.md section 3); the `data` of each envelope.

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
 * How a login code is delivered. `google` (an authenticator app, TOTP) is shown by the product but not
 * offered yet; it joins this list when the server can verify it.
 */
export const twoFaMethodSchema = z.enum(['sms', 'email']);
export type TwoFaMethod = z.infer<typeof twoFaMethodSchema>;

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
  twoFaMethods: z.object({ sms: z.string(), email: z.string().optional() }),
  resendAfter: z.number().int(),
});
export type LoginStep = z.infer<typeof loginStepResponseSchema>;

export const loginSendRequestSchema = z.object({ method: twoFaMethodSchema });
export const loginVerifyRequestSchema = z.object({ code: otpCodeSchema });

export const recoveryStartRequestSchema = z.object({ nationalCode: nationalCodeSchema });
export const recoveryStartResponseSchema = z.object({
  recoveryToken: z.string(),
  phone: z.string(),
  resendAfter: z.number().int(),
});
export const recoveryVerifyRequestSchema = z.object({ recoveryToken: flowTokenSchema, code: otpCodeSchema });
export const recoveryVerifyResponseSchema = z.object({ recoveryToken: z.string() });
export const recoveryResendRequestSchema = z.object({ recoveryToken: flowTokenSchema });
export const recoveryChangeRequestSchema = z.object({
  recoveryToken: flowTokenSchema,
  password: passwordSchema,
});

export const renewRequestSchema = z.object({ refreshToken: z.string().min(16).max(200) });

export const sessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string(),
  agent: z.string(),
  platform: z.string(),
  createdDate: z.string(),
  lastSeenDate: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const revokeSessionRequestSchema = z.object({ sessionId: z.string().min(1).max(64) });
/** `DELETE …/sessions/others/`: how many sessions were ended. */
export const revokeOthersResponseSchema = z.object({ revoked: z.number().int() });
