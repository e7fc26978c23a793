import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authenticatorEnrolmentSchema,
  deviceSchema,
  type Envelope,
  passkeyPaths,
  passkeySchema,
  recoveryCodesSchema,
  registrationOptionsSchema,
  revokeOthersResponseSchema,
  StatusCode,
  stepUpResponseSchema,
  type TwoFaMethod,
  twoFaSettingsSchema,
  type WebAuthnOptions,
} from '@wsm/contracts';
import { z } from 'zod';
import { apiClient, type HttpResponse, unwrap } from '../../lib/api-client';
import { refusalAtField } from '../../lib/refusals';
import { sendFile } from '../../lib/upload';

// Own profile and security: request and answer
// schemas named after the contract's fields, the calls, and their TanStack Query hooks.
// The lead moves the schemas to packages/contracts at merge.

export const profilePaths = {
  profile: '/v1/auth/profile/',
  genders: '/v1/auth/profile/genders/',
  languages: '/v1/auth/profile/languages/',
  image: '/v1/assets/user-profile-image/',
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
  sessions: '/v1/auth/identity/security/sessions/',
  sessionsOthers: '/v1/auth/identity/security/sessions/others/',
  twoFa: '/v1/auth/identity/security/2fa/',
  twoFaGoogle: '/v1/auth/identity/security/2fa/google/',
  twoFaGoogleVerify: '/v1/auth/identity/security/2fa/google/verify/',
} as const;

// --- schemas ---------------------------------------------------------------------------------------

/** `{ id, name, key }` of genders (male, female) and languages (persian, english, arabic). */
export const optionSchema = z.object({ id: z.string(), name: z.string(), key: z.string() });
export type Option = z.infer<typeof optionSchema>;
export const optionListSchema = z.array(optionSchema);

export const colorModeSchema = z.enum(['light', 'dark']);

/** The profile image: the contract leaves its shape open; an `{ id, url }` object or a URL are accepted. */
export const profileImageSchema = z
  .union([z.object({ id: z.string().optional(), url: z.string() }), z.string()])
  .nullable()
  .optional();

export const profileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: optionSchema.nullable(),
  birthDate: z.string().nullable(),
  language: optionSchema.nullable(),
  image: profileImageSchema,
  mode: colorModeSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /v1/auth/profile/` with any of these. birthDate is an ISO-8601 calendar date (YYYY-MM-DD). */
export const profileUpdateRequestSchema = z
  .object({
    firstName: z.string().trim().min(1).max(50),
    lastName: z.string().trim().min(1).max(50),
    genderId: z.string().nullable(),
    birthDate: z.iso.date().nullable(),
    languageId: z.string(),
    imageId: z.string(),
    // null: follow the device's system setting.
    mode: colorModeSchema.nullable(),
  })
  .partial();
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const imageUploadResponseSchema = z.object({ imageId: z.string(), url: z.string() });
/** What the image upload accepts (the server checks the content again). */
export const profileImageRules = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: 2 * 1024 * 1024,
};

export const usernameResponseSchema = z.object({ username: z.string().nullable() });
export const nationalCodeResponseSchema = z.object({ nationalCode: z.string().nullable() });
export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string().min(1),
  password: z.string(),
  code: z.string(),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;

export const emailResponseSchema = z.object({ email: z.string().nullable(), verified: z.boolean() });
export const phoneResponseSchema = z.object({ phone: z.string().nullable() });
export const codeRequestSchema = z.object({ code: z.string() });
/** Calls that send a code may say when a resend is allowed (seconds); 120 when they do not. */
export const resendResponseSchema = z
  .object({ resendAfter: z.number().int().optional() })
  .nullable()
  .optional();
export { defaultResendAfterSeconds } from '../../lib/use-countdown';

export const sessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string().nullable(),
  agent: z.string().nullable(),
  platform: z.string().nullable(),
  device: deviceSchema.nullable().optional(),
  createdDate: z.string(),
  lastSeenDate: z.string().nullable().optional(),
  current: z.boolean().optional(),
});
export type Session = z.infer<typeof sessionSchema>;
/** Sessions: a plain list (section 3) or the paged shape every growing list may answer with (section 1). */
export const sessionListSchema = z.union([
  z.array(sessionSchema),
  z.object({ items: z.array(sessionSchema) }).transform((page) => page.items),
]);

/**
 * A phone or e-mail change: the code went to the new address, or the session is stale and a step-up
 * code went to the current phone first (630); the same call with `currentCode` then goes on.
 */
export type ContactStep =
  | { step: 'sent'; resendAfter: number | undefined }
  | { step: 'step-up'; phone: string; resendAfter: number };

async function contactStep(request: Promise<HttpResponse<Envelope<unknown>>>): Promise<ContactStep> {
  const envelope = (await request).data;
  if (envelope.statusCode === StatusCode.secondStep) {
    const stepUp = stepUpResponseSchema.parse(envelope.data);
    return { step: 'step-up', phone: stepUp.phone, resendAfter: stepUp.resendAfter };
  }
  return { step: 'sent', resendAfter: resendResponseSchema.parse(envelope.data)?.resendAfter };
}

/**
 * An authenticator-app enrolment start: the secret and its otpauth:// URI, or (stale session) a step-up
 * code went to the current phone first; the same call with `currentCode` then goes on.
 */
export type AuthenticatorStep =
  | { step: 'enrol'; secret: string; otpauthUrl: string }
  | { step: 'step-up'; phone: string; resendAfter: number };

async function authenticatorStep(
  request: Promise<HttpResponse<Envelope<unknown>>>,
): Promise<AuthenticatorStep> {
  const envelope = (await request).data;
  if (envelope.statusCode === StatusCode.secondStep) {
    const stepUp = stepUpResponseSchema.parse(envelope.data);
    return { step: 'step-up', phone: stepUp.phone, resendAfter: stepUp.resendAfter };
  }
  return { step: 'enrol', ...authenticatorEnrolmentSchema.parse(envelope.data) };
}

/** Passkey registration options, or (stale session) a step-up code went to the current phone first. */
export type PasskeyOptionsStep =
  | { step: 'options'; options: WebAuthnOptions }
  | { step: 'step-up'; phone: string; resendAfter: number };

/** A passkey deletion: done, or (stale session) a step-up code went to the current phone first. */
export type PasskeyDeleteStep = { step: 'deleted' } | { step: 'step-up'; phone: string; resendAfter: number };

async function stepUpOr<T>(
  request: Promise<HttpResponse<Envelope<unknown>>>,
  done: (data: unknown) => T,
): Promise<T | { step: 'step-up'; phone: string; resendAfter: number }> {
  const envelope = (await request).data;
  if (envelope.statusCode === StatusCode.secondStep) {
    const stepUp = stepUpResponseSchema.parse(envelope.data);
    return { step: 'step-up', phone: stepUp.phone, resendAfter: stepUp.resendAfter };
  }
  return done(envelope.data);
}

const withCode = <T extends object>(body: T, currentCode: string | undefined) =>
  currentCode === undefined ? body : { ...body, currentCode };

// Every call that carries a code is answered in a code step (code-step.tsx), which says a wrong code
// (620) under its field: the catalogue's toast would say it a second time, later and far away.
const codeAtField = refusalAtField;

// --- calls -----------------------------------------------------------------------------------------

const get = async <T>(path: string, schema: z.ZodType<T>): Promise<T> =>
  schema.parse(await unwrap(apiClient.get(path)));

export const profileApi = {
  profile: () => get(profilePaths.profile, profileSchema),
  updateProfile: async (body: ProfileUpdateRequest) =>
    unwrap(apiClient.put(profilePaths.profile, profileUpdateRequestSchema.parse(body))),
  genders: () => get(profilePaths.genders, optionListSchema),
  languages: () => get(profilePaths.languages, optionListSchema),
  uploadImage: async (file: File, onProgress?: (fraction: number) => void) =>
    imageUploadResponseSchema.parse(await sendFile('post', profilePaths.image, file, { onProgress })),
  username: () => get(profilePaths.username, usernameResponseSchema),
  // A taken username (261) and a wrong current password (620) are shown at their fields.
  setUsername: (username: string) =>
    unwrap(apiClient.put(profilePaths.username, { username }, { fieldCodes: [StatusCode.duplicate] })),
  nationalCode: () => get(profilePaths.nationalCode, nationalCodeResponseSchema),
  setNationalCode: (nationalCode: string) =>
    unwrap(apiClient.post(profilePaths.nationalCode, { nationalCode })),
  sendPasswordCode: async () =>
    resendResponseSchema.parse(await unwrap(apiClient.get(profilePaths.passwordCode))),
  changePassword: (body: PasswordChangeRequest) =>
    unwrap(apiClient.put(profilePaths.password, body, { fieldCodes: [StatusCode.wrongCredentials] })),
  email: () => get(profilePaths.email, emailResponseSchema),
  /** Adds (POST) or changes (PUT) the e-mail; either sends a code to the new address (or a step-up first). */
  submitEmail: (email: string, change: boolean, currentCode?: string) => {
    const body = withCode({ email }, currentCode);
    return contactStep(
      change
        ? apiClient.put(profilePaths.email, body, codeAtField)
        : apiClient.post(profilePaths.email, body, codeAtField),
    );
  },
  verifyEmail: (code: string) => unwrap(apiClient.post(profilePaths.emailVerify, { code }, codeAtField)),
  resendEmail: async () => resendResponseSchema.parse(await unwrap(apiClient.get(profilePaths.emailResend))),
  phone: () => get(profilePaths.phone, phoneResponseSchema),
  submitPhone: (phone: string, currentCode?: string) =>
    contactStep(apiClient.put(profilePaths.phone, withCode({ phone }, currentCode), codeAtField)),
  verifyPhone: (code: string) => unwrap(apiClient.post(profilePaths.phoneVerify, { code }, codeAtField)),
  resendPhone: async () => resendResponseSchema.parse(await unwrap(apiClient.get(profilePaths.phoneResend))),
  sessions: () => get(profilePaths.sessions, sessionListSchema),
  revokeSession: (sessionId: string) =>
    unwrap(apiClient.delete(profilePaths.sessions, { data: { sessionId } })),
  revokeOtherSessions: async () =>
    revokeOthersResponseSchema.parse(await unwrap(apiClient.delete(profilePaths.sessionsOthers))),
  twoFa: () => get(profilePaths.twoFa, twoFaSettingsSchema),
  setTwoFa: async (method: TwoFaMethod) =>
    twoFaSettingsSchema.parse(await unwrap(apiClient.put(profilePaths.twoFa, { method }))),
  setLoginAlerts: async (loginAlerts: boolean) =>
    twoFaSettingsSchema.parse(await unwrap(apiClient.put(profilePaths.twoFa, { loginAlerts }))),
  startAuthenticator: (currentCode?: string) =>
    authenticatorStep(apiClient.post(profilePaths.twoFaGoogle, withCode({}, currentCode), codeAtField)),
  confirmAuthenticator: async (code: string) =>
    recoveryCodesSchema.parse(
      await unwrap(apiClient.post(profilePaths.twoFaGoogleVerify, { code }, codeAtField)),
    ).recoveryCodes,
  passkeys: () => get(passkeyPaths.passkeys, z.array(passkeySchema)),
  passkeyOptions: (currentCode?: string): Promise<PasskeyOptionsStep> =>
    stepUpOr(
      apiClient.post(passkeyPaths.passkeysOptions, withCode({}, currentCode), codeAtField),
      (data) => ({
        step: 'options' as const,
        options: registrationOptionsSchema.parse(data),
      }),
    ),
  // A refused answer (620) or a passkey registered twice (261) is explained by the section itself.
  registerPasskey: async (name: string, response: unknown) =>
    passkeySchema.parse(
      await unwrap(
        apiClient.post(
          passkeyPaths.passkeys,
          { name, response },
          { fieldCodes: [StatusCode.wrongCredentials, StatusCode.duplicate] },
        ),
      ),
    ),
  renamePasskey: async (id: string, name: string) =>
    passkeySchema.parse(await unwrap(apiClient.put(passkeyPaths.passkeys, { id, name }))),
  deletePasskey: (id: string, currentCode?: string): Promise<PasskeyDeleteStep> =>
    stepUpOr(
      apiClient.delete(passkeyPaths.passkeys, { data: withCode({ id }, currentCode), ...codeAtField }),
      () => ({
        step: 'deleted' as const,
      }),
    ),
  // A wrong code (620) is shown at the field.
  disableAuthenticator: (code: string) =>
    unwrap(
      apiClient.delete(profilePaths.twoFaGoogle, {
        data: { code },
        fieldCodes: [StatusCode.wrongCredentials],
      }),
    ),
};

// --- hooks -----------------------------------------------------------------------------------------

export const profileKeys = {
  profile: ['profile'] as const,
  genders: ['profile', 'genders'] as const,
  languages: ['profile', 'languages'] as const,
  username: ['security', 'username'] as const,
  nationalCode: ['security', 'national-code'] as const,
  email: ['security', 'email'] as const,
  phone: ['security', 'phone'] as const,
  sessions: ['security', 'sessions'] as const,
  twoFa: ['security', 'two-fa'] as const,
  passkeys: ['security', 'passkeys'] as const,
};

export const useProfile = () => useQuery({ queryKey: profileKeys.profile, queryFn: profileApi.profile });
export const useGenders = () =>
  useQuery({
    queryKey: profileKeys.genders,
    queryFn: profileApi.genders,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useLanguages = () =>
  useQuery({
    queryKey: profileKeys.languages,
    queryFn: profileApi.languages,
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useUsername = () => useQuery({ queryKey: profileKeys.username, queryFn: profileApi.username });
export const useNationalCode = () =>
  useQuery({ queryKey: profileKeys.nationalCode, queryFn: profileApi.nationalCode });
export const useEmail = () => useQuery({ queryKey: profileKeys.email, queryFn: profileApi.email });
export const usePhone = () => useQuery({ queryKey: profileKeys.phone, queryFn: profileApi.phone });
export const useSessions = () => useQuery({ queryKey: profileKeys.sessions, queryFn: profileApi.sessions });
export const usePasskeys = () => useQuery({ queryKey: profileKeys.passkeys, queryFn: profileApi.passkeys });
export const useTwoFa = () => useQuery({ queryKey: profileKeys.twoFa, queryFn: profileApi.twoFa });

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: profileApi.updateProfile,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.profile }),
  });
}

/** A mutation that refreshes the given query when it succeeds. */
export function useSecurityMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  refresh: readonly string[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: refresh }),
  });
}
