import { describe, expect, it } from 'vitest';
import { ackRequestSchema } from './notifications';
import {
  birthDateSchema,
  emailRequestSchema,
  maskNationalCode,
  phoneRequestSchema,
  profileUpdateRequestSchema,
  stepUpResponseSchema,
  twoFaSettingsRequestSchema,
  twoFaSettingsSchema,
} from './profile';

describe('profile contracts', () => {
  it('masks a national code, keeping 3 digits at each end', () => {
    expect(maskNationalCode('0012345678')).toBe('001****678');
  });

  it('accepts only real calendar dates from 1900 to today as birth dates', () => {
    expect(birthDateSchema.safeParse('1990-05-17').success).toBe(true);
    for (const bad of ['1990-02-30', '1899-12-31', '17/05/1990', '1990-5-17', '2999-01-01'])
      expect(birthDateSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('takes any subset of the profile fields and null to clear', () => {
    expect(profileUpdateRequestSchema.parse({})).toEqual({});
    expect(profileUpdateRequestSchema.parse({ genderId: null, mode: 'dark' })).toEqual({
      genderId: null,
      mode: 'dark',
    });
    expect(profileUpdateRequestSchema.safeParse({ mode: 'blue' }).success).toBe(false);
  });

  it('trims and lower-cases e-mail addresses', () => {
    expect(emailRequestSchema.parse({ email: ' Sara@Example.COM ' })).toEqual({ email: 'sara@example.com' });
    expect(emailRequestSchema.safeParse({ email: 'not-an-address' }).success).toBe(false);
  });

  it('takes an optional 6-digit step-up code with a phone or e-mail change', () => {
    expect(phoneRequestSchema.parse({ phone: '09121234567' })).toEqual({ phone: '09121234567' });
    expect(phoneRequestSchema.parse({ phone: '09121234567', currentCode: '123456' }).currentCode).toBe(
      '123456',
    );
    expect(emailRequestSchema.safeParse({ email: 'a@b.co', currentCode: '12345' }).success).toBe(false);
    const stepUp = { method: 'sms', phone: '0912***4567', resendAfter: 120 };
    expect(stepUpResponseSchema.parse(stepUp)).toEqual(stepUp);
  });

  it('chooses a two-factor method among sms, email and google', () => {
    expect(twoFaSettingsRequestSchema.safeParse({ method: 'email' }).success).toBe(true);
    expect(twoFaSettingsRequestSchema.safeParse({ method: 'google' }).success).toBe(true);
    expect(twoFaSettingsRequestSchema.safeParse({ method: 'passkey' }).success).toBe(false);
    expect(
      twoFaSettingsSchema.parse({ method: 'sms', methods: { sms: '0912***4567' }, loginAlerts: true }),
    ).toEqual({ method: 'sms', methods: { sms: '0912***4567' }, loginAlerts: true });
  });

  it('changes the method, the login alerts or both, but not nothing', () => {
    expect(twoFaSettingsRequestSchema.safeParse({ loginAlerts: false }).success).toBe(true);
    expect(twoFaSettingsRequestSchema.safeParse({ method: 'sms', loginAlerts: true }).success).toBe(true);
    expect(twoFaSettingsRequestSchema.safeParse({}).success).toBe(false);
    expect(twoFaSettingsRequestSchema.safeParse({ loginAlerts: 'yes' }).success).toBe(false);
  });

  it('acknowledges 1 to 100 ids', () => {
    expect(ackRequestSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(ackRequestSchema.safeParse({ ids: ['a'] }).success).toBe(true);
    expect(ackRequestSchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => `${i}`) }).success).toBe(
      false,
    );
  });
});
