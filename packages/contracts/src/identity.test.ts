import { describe, expect, it } from 'vitest';
import {
  loginVerifyRequestSchema,
  otpCodeSchema,
  passwordSchema,
  recoveryCodeSchema,
  signupPasswordRequestSchema,
  twoFaMethodSchema,
} from './identity';
import { validationErrors } from './issue-messages';
import { pageQuerySchema } from './paging';

describe('identity schemas', () => {
  it('accepts passwords of 8–128 characters that are not common', () => {
    expect(passwordSchema.safeParse('Correct-Horse-9').success).toBe(true);
    expect(passwordSchema.safeParse('short').success).toBe(false);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
    const common = passwordSchema.safeParse('P@ssw0rd');
    expect(common.success).toBe(false);
    expect(validationErrors(common.error!, 'en')).toEqual([
      { path: '', message: 'This password is too common; choose another one' },
    ]);
  });

  it('wants 6-digit codes and offers the methods the server can verify', () => {
    expect(otpCodeSchema.safeParse('012345').success).toBe(true);
    expect(otpCodeSchema.safeParse('12345').success).toBe(false);
    expect(twoFaMethodSchema.options).toEqual(['sms', 'email', 'google']);
    expect(twoFaMethodSchema.safeParse('totp').success).toBe(false);
  });

  it('forgives case, spaces and hyphens in a recovery code, and wants exactly one of code or recoveryCode', () => {
    expect(recoveryCodeSchema.parse(' ABCDE fghij ')).toBe('abcde-fghij');
    expect(recoveryCodeSchema.parse('abcdefghij')).toBe('abcde-fghij');
    // 0, 1, l and o are never in a code: a look-alike typed by mistake is refused, not guessed at.
    expect(recoveryCodeSchema.safeParse('abcde-fghi0').success).toBe(false);
    expect(recoveryCodeSchema.safeParse('abcde-fgh').success).toBe(false);
    expect(loginVerifyRequestSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(loginVerifyRequestSchema.parse({ recoveryCode: 'ABCDE-FGHIJ' })).toEqual({
      recoveryCode: 'abcde-fghij',
    });
    expect(loginVerifyRequestSchema.safeParse({}).success).toBe(false);
    expect(loginVerifyRequestSchema.safeParse({ code: '123456', recoveryCode: 'abcde-fghij' }).success).toBe(
      false,
    );
  });

  it('treats empty optional sign-up fields as absent and lower-cases the username', () => {
    const parsed = signupPasswordRequestSchema.parse({
      signupToken: 'a'.repeat(43),
      password: 'Correct-Horse-9',
      username: 'Sara_1',
      firstName: '',
    });
    expect(parsed).toEqual({ signupToken: 'a'.repeat(43), password: 'Correct-Horse-9', username: 'sara_1' });
  });

  it('pages with defaults and a bounded page size', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(pageQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});
