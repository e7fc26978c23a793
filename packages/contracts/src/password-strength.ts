import type { PasswordEstimator } from './password-policy';

// Password strength by zxcvbn (the @zxcvbn-ts packages), the same rule in the API and the web forms.
// The dictionaries weigh megabytes, so this module holds only the policy (password-policy.ts, re-exported) and a loader: the estimator
// itself (password-estimator.ts) is imported on first use — a lazy chunk in the web app, never part
// of the login route's first load.

export * from './password-policy';

/** What is known about the person choosing the password; each part is matched as a guessable word. */
export interface PasswordOwner {
  phone?: string | null | undefined;
  nationalCode?: string | null | undefined;
  username?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}

/**
 * The person's data as zxcvbn user inputs: every field, the phone in the forms people type it
 * (09…, 9…, 98…), and the parts of a username or e-mail address (so "sara" in "sara.ahmadi" counts).
 */
export function passwordUserInputs(owner: PasswordOwner): string[] {
  const inputs = new Set<string>();
  const add = (value: string | null | undefined) => {
    const trimmed = value?.trim().toLowerCase();
    if (trimmed && trimmed.length >= 2) inputs.add(trimmed);
  };
  const addWithParts = (value: string | null | undefined) => {
    add(value);
    for (const part of value?.split(/[._\-@+\s]+/) ?? []) add(part);
  };
  add(owner.nationalCode);
  add(owner.firstName);
  add(owner.lastName);
  if (owner.firstName && owner.lastName) add(`${owner.firstName}${owner.lastName}`);
  addWithParts(owner.username);
  addWithParts(owner.email);
  const phone = owner.phone?.replace(/\D/g, '');
  if (phone) {
    const national = phone.replace(/^(?:98|0)/, '');
    for (const form of [phone, national, `0${national}`, `98${national}`]) add(form);
  }
  return [...inputs];
}

let loading: Promise<PasswordEstimator> | undefined;

/** The estimator, loaded once (its dictionaries are a separate chunk); a failed load is tried again next time. */
export function loadPasswordEstimator(): Promise<PasswordEstimator> {
  loading ??= import('./password-estimator').then(
    (module) => module.createPasswordEstimator(),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
