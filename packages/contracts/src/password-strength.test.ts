import { describe, expect, it } from 'vitest';
import { loadPasswordEstimator, minimumPasswordScore, passwordUserInputs } from './password-strength';

const owner = {
  phone: '09121234567',
  nationalCode: '0012345679',
  username: 'sara.ahmadi',
  firstName: 'Sara',
  lastName: 'Ahmadi',
  email: 'sara.a@example.com',
};

describe('password strength', () => {
  it('refuses repeated characters and common passwords', async () => {
    const estimator = await loadPasswordEstimator();
    for (const weak of ['aaaaaaaa', `${' '.repeat(8)}a`, 'password123', 'iran12345', 'qwertyuiop']) {
      const strength = estimator.estimate(weak, []);
      expect(strength.acceptable, weak).toBe(false);
      expect(strength.score).toBeLessThan(minimumPasswordScore);
    }
  });

  it('accepts a good passphrase', async () => {
    const estimator = await loadPasswordEstimator();
    const strength = estimator.estimate('Correct-Horse-Battery-9', passwordUserInputs(owner));
    expect(strength.acceptable).toBe(true);
    expect(strength.score).toBeGreaterThanOrEqual(minimumPasswordScore);
  });

  it("refuses the person's own phone, national code, username and name", async () => {
    const estimator = await loadPasswordEstimator();
    const inputs = passwordUserInputs(owner);
    for (const own of [
      '09121234567',
      '9121234567',
      '0012345679',
      'sara.ahmadi',
      'SaraAhmadi',
      'ahmadi.sara',
    ]) {
      const strength = estimator.estimate(own, inputs);
      expect(strength.acceptable, own).toBe(false);
    }
    // The same strings are refused because they are the person's own: for someone else the phone and
    // national code are random-looking digits.
    expect(estimator.estimate('0012345679', inputs).warning).toBe('userInputs');
    expect(estimator.estimate('sara.ahmadi', inputs).warning).toBe('userInputs');
  });

  it('lists the phone in the forms people type it and the parts of a username', () => {
    const inputs = passwordUserInputs({ phone: '09121234567', username: 'sara_ahmadi', firstName: ' ' });
    expect(inputs).toEqual(
      expect.arrayContaining(['09121234567', '9121234567', '989121234567', 'sara_ahmadi', 'sara', 'ahmadi']),
    );
    expect(inputs).not.toContain('');
  });

  it('explains a refusal in Persian and English with the most telling hint', async () => {
    const estimator = await loadPasswordEstimator();
    const strength = estimator.estimate('aaaaaaaa', []);
    expect(strength.warning).toBe('simpleRepeat');
    expect(estimator.refusalText(strength, 'en')).toBe(
      'This password is too easy to guess. Repeated characters like “aaa” are easy to guess.',
    );
    expect(estimator.refusalText(strength, 'fa')).toMatch(
      /^این رمز عبور به‌آسانی حدس زده می‌شود\. نویسه‌های تکراری/,
    );
    for (const key of strength.suggestions) expect(estimator.suggestionText(key, 'fa')).not.toBe(key);
  });
});
