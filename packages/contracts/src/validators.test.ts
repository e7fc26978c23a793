import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationErrors } from './issue-messages';
import { normalizeInput, normalizeText, toAsciiDigits, toPersianDigits } from './normalize';
import {
  canonicalPhone,
  isValidNationalCode,
  maskEmail,
  maskPhone,
  nationalCodeSchema,
  usernameSchema,
} from './validators';

describe('digits and text', () => {
  it('turns Persian and Arabic-Indic digits into ASCII', () => {
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toPersianDigits('Page 12')).toBe('Page ۱۲');
  });
  it('trims and replaces Arabic yeh and kaf with the Persian letters', () => {
    expect(normalizeText('  علي كريمي ')).toBe('علی کریمی');
    expect(normalizeInput({ a: [' ۱ '], b: 3, c: null })).toEqual({ a: ['1'], b: 3, c: null });
  });
});

describe('national code', () => {
  it('accepts codes with a valid check digit', () => {
    expect(isValidNationalCode('0499370899')).toBe(true);
    expect(isValidNationalCode('0013542419')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and one repeated digit', () => {
    expect(isValidNationalCode('0499370898')).toBe(false);
    expect(isValidNationalCode('049937089')).toBe(false);
    expect(isValidNationalCode('1111111111')).toBe(false);
    expect(isValidNationalCode('0000000000')).toBe(false);
  });
  it('reads Persian digits', () => {
    expect(nationalCodeSchema.parse('۰۴۹۹۳۷۰۸۹۹')).toBe('0499370899');
  });
});

describe('phone', () => {
  it('canonicalises Iranian mobiles to 09xxxxxxxxx', () => {
    for (const input of [
      '09121234567',
      '+989121234567',
      '989121234567',
      '9121234567',
      '۰۹۱۲۱۲۳۴۵۶۷',
      '0912 123 4567',
    ])
      expect(canonicalPhone(input)).toBe('09121234567');
  });
  it('refuses other numbers', () => {
    expect(canonicalPhone('02112345678')).toBeNull();
    expect(canonicalPhone('+4915112345678')).toBeNull();
    expect(canonicalPhone('0912123456')).toBeNull();
  });
  it('masks', () => {
    expect(maskPhone('09121234567')).toBe('0912***4567');
    expect(maskEmail('ali@example.com')).toBe('a***@example.com');
  });
});

describe('username', () => {
  it('lower-cases and checks the pattern', () => {
    expect(usernameSchema.parse('Ali_Reza.1')).toBe('ali_reza.1');
    expect(usernameSchema.safeParse('1ali').success).toBe(false);
    expect(usernameSchema.safeParse('al').success).toBe(false);
    expect(usernameSchema.safeParse('a'.repeat(33)).success).toBe(false);
  });
});

describe('validation messages', () => {
  const schema = z.object({ name: z.string().min(3), age: z.number().max(9), code: nationalCodeSchema });
  it('speaks Persian by the spec', () => {
    const result = schema.safeParse({ name: 'ab', age: 12, code: '1234567890' });
    expect(result.success).toBe(false);
    const errors = validationErrors(result.error!, 'fa');
    expect(errors).toEqual([
      { path: 'name', message: 'باید حداقل ۳ نویسه باشد' },
      { path: 'age', message: 'باید کوچک‌تر یا مساوی ۹ باشد' },
      { path: 'code', message: 'کد ملی معتبر نیست' },
    ]);
  });
  it('names a missing value as required in both languages', () => {
    const result = z.object({ name: z.string() }).safeParse({});
    expect(validationErrors(result.error!, 'fa')[0]?.message).toBe('این مقدار الزامی است');
    expect(validationErrors(result.error!, 'en')[0]?.message).toBe('Required');
  });
});
