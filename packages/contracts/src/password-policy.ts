import type { Locale } from './status-codes';

// What a strong enough password is and what an estimator answers: shared by the loader
// (password-strength.ts) and the estimator it loads on first use (password-estimator.ts).

/**
 * The lowest zxcvbn score accepted: 3 means "safely unguessable" (about 10^10 guesses), enough against
 * an offline attack on an argon2id hash; 4 would refuse many good passphrases people can remember.
 */
export const minimumPasswordScore = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** zxcvbn's feedback keys (its warnings and suggestions), translated in password-estimator.ts. */
export type PasswordFeedbackKey = string;

export interface PasswordStrength {
  score: PasswordScore;
  /** The score reaches minimumPasswordScore. */
  acceptable: boolean;
  warning: PasswordFeedbackKey | null;
  suggestions: PasswordFeedbackKey[];
}

export interface PasswordEstimator {
  /** Scores a password against the dictionaries and the person's own data (`userInputs`). */
  estimate(password: string, userInputs: readonly string[]): PasswordStrength;
  /** The text of a warning key for people, in `locale` (the key itself when unknown). */
  warningText(key: PasswordFeedbackKey, locale: Locale): string;
  /** The text of a suggestion key for people, in `locale` (the key itself when unknown). */
  suggestionText(key: PasswordFeedbackKey, locale: Locale): string;
  /** The refusal of a too-weak password: one sentence, with zxcvbn's most telling hint. */
  refusalText(strength: PasswordStrength, locale: Locale): string;
}
