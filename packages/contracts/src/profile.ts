import { z } from 'zod';
import { otpCodeSchema, passwordSchema, twoFaMethodSchema, twoFaMethodsSchema } from './identity';
import { nationalCodeSchema, phoneSchema, usernameSchema } from './validators';

// Requests and answers of own profile and security; the `data` of each envelope.

/** Every own-profile and security path, as the web app calls them. */
export const profilePaths = {
  profile: '/v1/auth/profile/',
  genders: '/v1/auth/profile/genders/',
  languages: '/v1/auth/profile/languages/',
  username: '/v1/auth/identity/security/username/',
  nationalCode: '/v1/auth/identity/security/national-code/',
  passwordCode: '/v1/auth/identity/security/password/verify/resend/sms/',
  password: '/v1/auth/identity/security/password/',
  email: '/v1/auth/identity/security/email/',
  emailVerify: '/v1/auth/identity/security/email/verify/',
  emailResend: '/v1/auth/identity/security/email/verify/resend/',
  phone: '/v1/auth/identity/security/phone/',
  phoneVerify: '/v1/auth/identity/security/phone/verify/',
  phoneResend: '/v1/auth/identity/security/phone/verify/resend/',
  /** Our addition: read and choose the preferred two-factor method. */
  twoFa: '/v1/auth/identity/security/2fa/',
  /** The authenticator app: start (POST) and end (DELETE) it. */
  twoFaGoogle: '/v1/auth/identity/security/2fa/google/',
  twoFaGoogleVerify: '/v1/auth/identity/security/2fa/google/verify/',
} as const;

/** A reference row: `{ id, name, key }` (genders, languages). */
export const referenceRowSchema = z.object({ id: z.string(), name: z.string(), key: z.string() });
export type ReferenceRow = z.infer<typeof referenceRowSchema>;

export const colorModeSchema = z.enum(['light', 'dark']);
export type ColorMode = z.infer<typeof colorModeSchema>;

/** An ISO-8601 calendar date `YYYY-MM-DD` that exists and is not in the future, from 1900 on. */
export const birthDateSchema = z.iso
  .date()
  .refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), {
    message: 'invalid_birth_date',
  });

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: referenceRowSchema.nullable(),
  /** `YYYY-MM-DD` or null. */
  birthDate: z.string().nullable(),
  language: referenceRowSchema.nullable(),
  image: z.object({ id: z.string(), url: z.string() }).nullable(),
  mode: colorModeSchema.nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

const profileNameSchema = z.string().trim().min(1).max(50);

/** `PUT /v1/auth/profile/` with any of these; null clears gender, birth date, image and mode. */
export const profileUpdateRequestSchema = z
  .object({
    firstName: profileNameSchema,
    lastName: profileNameSchema,
    genderId: z.string().max(64).nullable(),
    birthDate: birthDateSchema.nullable(),
    languageId: z.string().max(64),
    imageId: z.string().max(64).nullable(),
    /** null: follow the device's system setting. */
    mode: colorModeSchema.nullable(),
  })
  .partial();
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const usernameRequestSchema = z.object({ username: usernameSchema });
export const usernameResponseSchema = z.object({ username: z.string().nullable() });
export const nationalCodeRequestSchema = z.object({ nationalCode: nationalCodeSchema });
/** The national code masked (`123****890`), or null when the account has none. */
export const nationalCodeResponseSchema = z.object({ nationalCode: z.string().nullable() });

export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string().min(1).max(128),
  password: passwordSchema,
  code: otpCodeSchema,
});

/**
 * `currentCode`: the step-up code texted to the current phone. Changing the phone or the e-mail needs a
 * fresh session (logged in or proved again within the last 10 minutes); a stale one is answered 630
 * with stepUpResponseSchema and a code goes to the current phone; the same call with that code goes on.
 */
const stepUpField = { currentCode: otpCodeSchema.optional() };

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
export const emailRequestSchema = z.object({ email: emailSchema, ...stepUpField });
export const emailResponseSchema = z.object({ email: z.string().nullable(), verified: z.boolean() });
export const phoneRequestSchema = z.object({ phone: phoneSchema, ...stepUpField });
/** The 630 answer of a phone or e-mail change from a stale session: where the step-up code went. */
export const stepUpResponseSchema = z.object({
  method: z.literal('sms'),
  /** The current phone, masked. */
  phone: z.string(),
  resendAfter: z.number().int(),
});
export type StepUp = z.infer<typeof stepUpResponseSchema>;
export const phoneResponseSchema = z.object({ phone: z.string() });
export const codeRequestSchema = z.object({ code: otpCodeSchema });

/**
 * How the login's second step is proved: `method` is the one used now (e-mail only while a verified
 * address exists, google only while an authenticator app is enrolled).
 */
export const twoFaSettingsSchema = z.object({
  method: twoFaMethodSchema,
  /** The choices: masked destinations (`email` only when verified), `google: true` when enrolled. */
  methods: twoFaMethodsSchema,
  /** Whether a login from a browser and system unused for 90 days is e-mailed. */
  loginAlerts: z.boolean(),
});
export type TwoFaSettings = z.infer<typeof twoFaSettingsSchema>;
/** `PUT …/2fa/`: the method, the login alerts, or both. */
export const twoFaSettingsRequestSchema = z
  .object({ method: twoFaMethodSchema.optional(), loginAlerts: z.boolean().optional() })
  .refine((body) => body.method !== undefined || body.loginAlerts !== undefined, {
    message: 'method_or_login_alerts',
  });

/** `POST …/2fa/google/`: a fresh session starts at once; a stale one sends `currentCode` after its 630. */
export const authenticatorStartRequestSchema = z.object({ ...stepUpField }).nullish();
/** A started (not yet active) enrolment: the base32 secret and the otpauth:// URI of its QR code. */
export const authenticatorEnrolmentSchema = z.object({
  secret: z.string().describe('base32, for typing into the app by hand'),
  otpauthUrl: z
    .string()
    .describe('otpauth://totp/<issuer>:<username>?secret=…&issuer=…&digits=6&period=30, for the QR code'),
});
export type AuthenticatorEnrolment = z.infer<typeof authenticatorEnrolmentSchema>;
/** The enrolment's confirmation: its recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({
  recoveryCodes: z
    .array(z.string())
    .length(10)
    .describe('each usable once; stored hashed, never shown again'),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/** `DELETE …/2fa/google/`: a current code of the app, or one of the recovery codes. */
export const authenticatorDisableRequestSchema = z.object({
  code: z.string().trim().min(6).max(40).describe('6 digits from the app, or a recovery code'),
});

/** Masks a national code as 123****890. */
export function maskNationalCode(nationalCode: string): string {
  return `${nationalCode.slice(0, 3)}****${nationalCode.slice(-3)}`;
}
