/** Every identity path, as the web app calls them. */
export const identityPaths = {
  signupPhone: '/v1/auth/identity/signup/2fa/phone/',
  signupVerify: '/v1/auth/identity/signup/2fa/verify/',
  signupResend: '/v1/auth/identity/signup/2fa/verify/resend/sms/',
  signupPassword: '/v1/auth/identity/signup/2fa/password/',
  loginNationalCode: '/v1/auth/identity/login/national-code/',
  loginUsername: '/v1/auth/identity/login/username/',
  loginSend: '/v1/auth/identity/login/2fa/send/',
  loginVerify: '/v1/auth/identity/login/2fa/verify/',
  /** The second step with a passkey instead of the code. */
  loginPasskeyOptions: '/v1/auth/identity/login/2fa/passkey/options/',
  loginPasskeyVerify: '/v1/auth/identity/login/2fa/passkey/verify/',
  recoveryStart: '/v1/auth/identity/forget/password/national-code',
  recoveryVerify: '/v1/auth/identity/forget/password/otp/verify/',
  recoveryResend: '/v1/auth/identity/forget/password/otp/verify/resend/sms/',
  recoveryChange: '/v1/auth/identity/forget/password/change/',
  /** Our addition: a recovery text's link, instead of the national code and the code. */
  recoveryLink: '/v1/auth/identity/forget/password/link/',
  renew: '/v1/auth/identity/security/tokens/renew/',
  sessions: '/v1/auth/identity/security/sessions/',
  logout: '/v1/auth/identity/security/sessions/logout/',
  /** Our addition: ends every session of the caller but the current one ("end all others"). */
  sessionsOthers: '/v1/auth/identity/security/sessions/others/',
  /** Our addition: the login alert's link ends its session here (no login needed; the token says which). */
  sessionEndByLink: '/v1/auth/identity/security/sessions/end-by-link/',
  /** Beyond the documented API: whether that link's session has already ended, before anything is asked. */
  sessionLinkState: '/v1/auth/identity/security/sessions/end-by-link/state/',
} as const;
