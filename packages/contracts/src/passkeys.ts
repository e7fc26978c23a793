import { z } from 'zod';
import { otpCodeSchema } from './identity';

// Passkeys (WebAuthn): registered in the security settings, used instead of
// a code at the login's second step. The WebAuthn JSON shapes are those of @simplewebauthn (the
// browser's PublicKeyCredential*JSON); the server checks their content, these bound their size.

/** The security settings' passkey paths. */
export const passkeyPaths = {
  /** GET the list, POST a registration, PUT a new name, DELETE one. */
  passkeys: '/v1/auth/identity/security/passkeys/',
  /** POST: registration options (a new challenge bound to the calling session). */
  passkeysOptions: '/v1/auth/identity/security/passkeys/options/',
} as const;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'invalid_passkey_response' });

/** A passkey's name as people see it: 1–50 characters. */
export const passkeyNameSchema = z.string().trim().min(1).max(50);

/** `RegistrationResponseJSON` of navigator.credentials.create() (via @simplewebauthn/browser). */
export const registrationResponseSchema = z.looseObject({
  id: base64url.min(1).max(1024),
  rawId: base64url.min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** `AuthenticationResponseJSON` of navigator.credentials.get() (via @simplewebauthn/browser). */
export const authenticationResponseSchema = z.looseObject({
  id: base64url.min(1).max(1024),
  rawId: base64url.min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** The options for navigator.credentials.create()/get(), passed to @simplewebauthn/browser as they are. */
export const registrationOptionsSchema = z
  .looseObject({ challenge: z.string() })
  .describe('PublicKeyCredentialCreationOptionsJSON');
export const authenticationOptionsSchema = z
  .looseObject({ challenge: z.string() })
  .describe('PublicKeyCredentialRequestOptionsJSON');
export type WebAuthnOptions = z.infer<typeof registrationOptionsSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdDate: z.string().describe('ISO-8601'),
  lastUsedDate: z.string().nullable().describe('ISO-8601; null until first used at a login'),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * `currentCode`: the step-up code texted to the current phone. Registering and deleting a passkey need
 * a fresh session (as the authenticator app's enrolment): a stale one is answered 630 with where the
 * code went, and the same call with that code goes on.
 */
const stepUpField = { currentCode: otpCodeSchema.optional() };

/** `POST …/passkeys/options/`: empty from a fresh session; `{ currentCode }` after a 630. */
export const passkeyOptionsRequestSchema = z.object({ ...stepUpField }).nullish();
export const passkeyRegisterRequestSchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const passkeyRenameRequestSchema = z.object({
  id: z.string().min(1).max(64),
  name: passkeyNameSchema,
});
export const passkeyDeleteRequestSchema = z.object({ id: z.string().min(1).max(64), ...stepUpField });

/** `POST /login/2fa/passkey/verify/`. */
export const loginPasskeyVerifyRequestSchema = z.object({ response: authenticationResponseSchema });
