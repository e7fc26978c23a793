import type { LoginStep, TwoFaMethod } from '@wsm/contracts';
import {
  cookieNames,
  getRecoveryToken,
  localKeys,
  readLocal,
  readSession,
  removeCookie,
  removeLocal,
  removeSession,
  sessionKeys,
  setRecoveryToken,
  startResendTimer,
  writeLocal,
  writeSession,
} from '../../lib/storage';

// What the identity flows keep between their screens:
// the entered (masked) phone and e-mail and the sign-up step in localStorage, the recovery token in a
// 5-minute cookie, the resend countdown in the resend-timer cookie. The login challenge and the
// sign-up token are bearer secrets of one flow: they stay in this tab's sessionStorage.

/** The login second step between /login and /login/verify*. */
export interface LoginChallenge {
  token: string;
  /** The method the last code went out by. */
  method: TwoFaMethod;
  /** What the server offers: masked sms always, email when verified, google when an app is enrolled. */
  methods: {
    sms: string;
    email?: string | undefined;
    google?: boolean | undefined;
    /** How many passkeys the account has: the second step offers "use a passkey" beside the code. */
    passkeys?: number | undefined;
  };
}

/** The second step's page of each method. */
export const loginVerifyPath: Record<TwoFaMethod, string> = {
  sms: '/login/verify',
  email: '/login/verify/email',
  google: '/login/verify/google',
};

/** Starts a resend countdown of the server's `resendAfter` seconds. */
export function startCountdown(resendAfterSeconds: number): void {
  startResendTimer(cookieNames.resendTimer, Math.max(0, resendAfterSeconds) * 1000);
}

export function clearCountdown(): void {
  removeCookie(cookieNames.resendTimer);
}

function rememberEntered(methods: { sms?: string | undefined; email?: string | undefined }): void {
  if (methods.sms) writeLocal(localKeys.enteredPhone, methods.sms);
  else removeLocal(localKeys.enteredPhone);
  if (methods.email) writeLocal(localKeys.enteredEmail, methods.email);
  else removeLocal(localKeys.enteredEmail);
}

/** Keeps the 630 answer of the first login step and starts its countdown. */
export function saveLoginChallenge(step: LoginStep): LoginChallenge {
  const challenge: LoginChallenge = {
    token: step.accessToken,
    method: step.method,
    methods: {
      sms: step.twoFaMethods.sms,
      email: step.twoFaMethods.email,
      google: step.twoFaMethods.google,
      passkeys: step.twoFaMethods.passkeys,
    },
  };
  writeSession(sessionKeys.loginChallenge, JSON.stringify(challenge));
  rememberEntered(challenge.methods);
  startCountdown(step.resendAfter);
  return challenge;
}

export function getLoginChallenge(): LoginChallenge | null {
  const raw = readSession(sessionKeys.loginChallenge);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LoginChallenge>;
    const knownMethod = value.method === 'sms' || value.method === 'email' || value.method === 'google';
    if (typeof value.token !== 'string' || !knownMethod) return null;
    const methods = value.methods;
    if (!methods || typeof methods.sms !== 'string') return null;
    return { token: value.token, method: value.method as TwoFaMethod, methods };
  } catch {
    return null;
  }
}

/** Records that the code now goes by another method. */
export function switchLoginMethod(challenge: LoginChallenge, method: TwoFaMethod): LoginChallenge {
  const next = { ...challenge, method };
  writeSession(sessionKeys.loginChallenge, JSON.stringify(next));
  return next;
}

export function clearLoginChallenge(): void {
  removeSession(sessionKeys.loginChallenge);
}

// ---- sign-up

export type SignupStep = 'phone' | 'verify' | 'password';

export interface SignupState {
  step: SignupStep;
  token: string | null;
  /** The masked phone the code went to. */
  phone: string | null;
}

/** The sign-up step to show: a step past the first needs the flow's token (lost with the tab). */
export function getSignupState(): SignupState {
  const token = readSession(sessionKeys.signupToken);
  const stored = readLocal(localKeys.signupStep);
  const step: SignupStep = token && (stored === 'verify' || stored === 'password') ? stored : 'phone';
  return { step, token: step === 'phone' ? null : token, phone: readLocal(localKeys.enteredPhone) };
}

export function saveSignupStep(step: SignupStep, token: string, maskedPhone?: string): void {
  writeLocal(localKeys.signupStep, step);
  writeSession(sessionKeys.signupToken, token);
  if (maskedPhone) writeLocal(localKeys.enteredPhone, maskedPhone);
}

export function resetSignup(): void {
  removeLocal(localKeys.signupStep);
  removeSession(sessionKeys.signupToken);
}

// ---- password recovery

export function saveRecovery(token: string, maskedPhone?: string): void {
  setRecoveryToken(token);
  if (maskedPhone) writeLocal(localKeys.enteredPhone, maskedPhone);
}

export { getRecoveryToken };

export function clearRecovery(): void {
  removeCookie(cookieNames.recoveryToken);
}

/** Forgets every identity flow in progress (after login, sign-up or logout). */
export function clearIdentityFlows(): void {
  clearLoginChallenge();
  resetSignup();
  clearRecovery();
  clearCountdown();
  removeLocal(localKeys.enteredPhone);
  removeLocal(localKeys.enteredEmail);
}
