import {
  loadPasswordEstimator,
  type PasswordEstimator,
  type PasswordOwner,
  passwordUserInputs,
  toAsciiDigits,
} from '@wsm/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/locale-navigation';

const barTones = ['error', 'error', 'warning', 'info', 'success'] as const;

/** Starts loading the estimator (a separate chunk of dictionaries), e.g. when a password field is focused. */
export function preloadPasswordStrength(): void {
  // A failed load is tried again by the meter; until then it shows nothing and the API still checks.
  loadPasswordEstimator().catch(() => undefined);
}

/**
 * How guessable the password being typed is, by the API's own rule (zxcvbn with the person's data):
 * a bar, a level and, below the accepted level, the most useful hint. The estimator loads with the
 * first character (or on focus, see preloadPasswordStrength), never with the page.
 */
export function PasswordStrength({ password, owner }: { password: string; owner?: PasswordOwner }) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  const [estimator, setEstimator] = useState<PasswordEstimator | null>(null);
  const typed = password !== '';
  useEffect(() => {
    if (!typed || estimator) return;
    let live = true;
    loadPasswordEstimator().then(
      (loaded) => {
        if (live) setEstimator(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [typed, estimator]);

  const { phone, nationalCode, username, firstName, lastName, email } = owner ?? {};
  const strength = useMemo(() => {
    if (!estimator || !typed) return null;
    const inputs = passwordUserInputs({ phone, nationalCode, username, firstName, lastName, email });
    // The API compares passwords with ASCII digits (Persian digits are made ASCII before the check).
    return estimator.estimate(toAsciiDigits(password), inputs);
  }, [estimator, typed, password, phone, nationalCode, username, firstName, lastName, email]);
  if (!estimator || !strength) return null;

  const level = t(`passwordStrength.levels.${strength.score}`);
  const hint = strength.acceptable
    ? null
    : strength.warning
      ? estimator.warningText(strength.warning, locale)
      : strength.suggestions[0]
        ? estimator.suggestionText(strength.suggestions[0], locale)
        : null;
  const percent = (strength.score + 1) * 20;
  // Plain markup (components/plain/plain.css): sign-up and recovery draw it without MUI.
  return (
    <div className="pl-strength" data-testid="password-strength">
      <div
        className={`pl-strength__bar pl-strength__bar--${barTones[strength.score]}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('passwordStrength.label')}
        aria-valuetext={level}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <span className="pl-caption pl-muted" aria-live="polite">
        {t('passwordStrength.level', { level })}
        {hint ? ` ${hint}` : ''}
      </span>
    </div>
  );
}
