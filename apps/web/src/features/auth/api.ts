import {
  type Envelope,
  identityPaths,
  type LoginStep,
  StatusCode,
  type TokenPair,
  type TwoFaMethod,
  type WebAuthnOptions,
} from '@wsm/contracts';
import {
  ApiError,
  type ApiRequestConfig,
  apiClient,
  reportUnexpectedError,
  unwrap,
} from '../../lib/api-client';
import { refusalAtField } from '../../lib/refusals';

// The identity calls. Each returns the envelope's data; failures reject
// with ApiError after the status-code catalogue has shown its message.

type CallOptions = Pick<ApiRequestConfig, 'onError' | 'signal'>;

// The password and code forms show 620 under their field: the catalogue's toast would say it twice.
const atField = refusalAtField;
// Sign-up says a taken phone, national code or username (261) at its step: no toast besides.
const duplicateAtField = { fieldCodes: [StatusCode.duplicate] } as const;

export interface SignupStarted {
  signupToken: string;
  phone: string;
  resendAfter: number;
}

export interface RecoveryStarted {
  recoveryToken: string;
  phone: string;
  resendAfter: number;
}

export interface Resent {
  resendAfter: number;
}

/** Login step 1: a national code (10 digits) or a username, and the password → the 630 second step. */
export async function startLogin(
  identifier: { nationalCode: string } | { username: string },
  password: string,
  options: CallOptions = {},
): Promise<LoginStep> {
  const path = 'nationalCode' in identifier ? identityPaths.loginNationalCode : identityPaths.loginUsername;
  const response = await apiClient.post<Envelope<LoginStep>>(
    path,
    { ...identifier, password },
    { ...atField, ...options },
  );
  const body = response.data;
  // The contract always asks for a second step here; anything else is not a login.
  if (body.statusCode !== StatusCode.secondStep || typeof body.data?.accessToken !== 'string') {
    reportUnexpectedError(new Error(`login step answered ${body.statusCode}`));
    throw new ApiError('unexpected', { statusCode: body.statusCode, envelope: body });
  }
  return body.data;
}

/** Login: (re)sends the code by a method, with the challenge token. */
export function sendLoginCode(
  challenge: string,
  method: TwoFaMethod,
  options: CallOptions = {},
): Promise<Resent> {
  return unwrap(apiClient.post(identityPaths.loginSend, { method }, { ...options, bearer: challenge }));
}

/** Login step 2, whichever way: `body` with the challenge token → the token pair (620 at the field). */
function finishLogin(
  path: string,
  challenge: string,
  body: object,
  options: CallOptions,
): Promise<TokenPair> {
  return unwrap(apiClient.post(path, body, { ...atField, ...options, bearer: challenge }));
}

/** Login step 2 with a recovery code of the authenticator method (any method) → the token pair. */
export const verifyLoginWithRecoveryCode = (
  challenge: string,
  recoveryCode: string,
  options: CallOptions = {},
) => finishLogin(identityPaths.loginVerify, challenge, { recoveryCode }, options);

/** Login step 2 with a passkey: the authentication options for the account's passkeys. */
export function loginPasskeyOptions(challenge: string, options: CallOptions = {}): Promise<WebAuthnOptions> {
  return unwrap(apiClient.post(identityPaths.loginPasskeyOptions, {}, { ...options, bearer: challenge }));
}

/** Login step 2 with a passkey: the browser's answer → the token pair (a refusal, 620, is the page's to say). */
export const verifyLoginPasskey = (challenge: string, response: unknown, options: CallOptions = {}) =>
  finishLogin(identityPaths.loginPasskeyVerify, challenge, { response }, options);

/** Login step 2: the code (sent, or the authenticator app's) → the token pair. */
export const verifyLogin = (challenge: string, code: string, options: CallOptions = {}) =>
  finishLogin(identityPaths.loginVerify, challenge, { code }, options);

export function startSignup(
  body: { phone: string; nationalCode: string },
  options: CallOptions = {},
): Promise<SignupStarted> {
  return unwrap(apiClient.post(identityPaths.signupPhone, body, { ...duplicateAtField, ...options }));
}

/**
 * The code step of sign-up or recovery: `verify` sends the code (a wrong one is an error at its field),
 * `resend` asks for another; the flow's token travels with each under `tokenName`.
 */
function codeStep<K extends string>(tokenName: K, paths: { verify: string; resend: string }) {
  return {
    verify: (token: string, code: string, options: CallOptions = {}): Promise<Record<K, string>> =>
      unwrap(apiClient.post(paths.verify, { [tokenName]: token, code }, { ...atField, ...options })),
    resend: (token: string, options: CallOptions = {}): Promise<Resent> =>
      unwrap(apiClient.post(paths.resend, { [tokenName]: token }, options)),
  };
}

export const { verify: verifySignup, resend: resendSignup } = codeStep('signupToken', {
  verify: identityPaths.signupVerify,
  resend: identityPaths.signupResend,
});

export interface SignupAccount {
  password: string;
  username?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export function completeSignup(
  signupToken: string,
  account: SignupAccount,
  options: CallOptions = {},
): Promise<TokenPair> {
  return unwrap(
    apiClient.post(
      identityPaths.signupPassword,
      { signupToken, ...account },
      { ...duplicateAtField, ...options },
    ),
  );
}

export function startRecovery(nationalCode: string, options: CallOptions = {}): Promise<RecoveryStarted> {
  return unwrap(apiClient.post(identityPaths.recoveryStart, { nationalCode }, options));
}

export const { verify: verifyRecovery, resend: resendRecovery } = codeStep('recoveryToken', {
  verify: identityPaths.recoveryVerify,
  resend: identityPaths.recoveryResend,
});

/** A recovery text's link (its secret) → a proved recovery token for the last step; it works once. */
export function openRecoveryLink(
  link: string,
  options: CallOptions = {},
): Promise<{ recoveryToken: string }> {
  // Not this browser's session: a refused link is the page's to say, never a renewal or a logout.
  return unwrap(
    apiClient.post(identityPaths.recoveryLink, { link }, { bearer: '', noRedirection: true, ...options }),
  );
}

export function changeRecoveredPassword(
  recoveryToken: string,
  password: string,
  options: CallOptions = {},
): Promise<null> {
  return unwrap(apiClient.post(identityPaths.recoveryChange, { recoveryToken, password }, options));
}

/** Ends the current session on the server. Silent: logging out goes on whatever the answer. */
export async function endServerSession(signal?: AbortSignal): Promise<void> {
  await apiClient.delete(identityPaths.logout, {
    noRedirection: true,
    onError: () => undefined,
    ...(signal ? { signal } : {}),
  });
}

/** The profile path, read once after login to fill the stored user. */
export const profilePath = '/v1/auth/profile/';

/** The signed-in user's profile, or null when it cannot be read (silently: it only enriches the stored user). */
export async function fetchOwnProfile(): Promise<Record<string, unknown> | null> {
  try {
    const response = await apiClient.get<Envelope<Record<string, unknown>>>(profilePath, {
      noRedirection: true,
      onError: () => undefined,
    });
    const data = response.data.data;
    return data !== null && typeof data === 'object' ? data : null;
  } catch {
    return null;
  }
}
