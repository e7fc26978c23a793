import { z } from 'zod';
import { normalizeText } from './normalize';

/** Iranian national code: 10 digits, a valid check digit, not one repeated digit. */
export function isValidNationalCode(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  if (/^(\d)\1{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(value[i]) * (10 - i);
  const r = sum % 11;
  const check = r < 2 ? r : 11 - r;
  return check === Number(value[9]);
}

/** An Iranian mobile number in its canonical form 09xxxxxxxxx, or null when it is not one. */
export function canonicalPhone(value: string): string | null {
  const digits = normalizeText(value).replace(/[\s-]/g, '');
  const match = /^(?:\+98|0098|98|0)?(9\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

export const usernamePattern = /^[a-z][a-z0-9_.]{2,31}$/;

/** Usernames are compared and stored in lower case. */
export function canonicalUsername(value: string): string {
  return normalizeText(value).toLowerCase();
}

export const nationalCodeSchema = z
  .string()
  .transform(normalizeText)
  .refine(isValidNationalCode, { message: 'invalid_national_code' });

export const phoneSchema = z.string().transform((value, ctx) => {
  const phone = canonicalPhone(value);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
    return z.NEVER;
  }
  return phone;
});

export const usernameSchema = z
  .string()
  .transform(canonicalUsername)
  .refine((value) => usernamePattern.test(value), { message: 'invalid_username' });

/** Masks a phone as 0912***4567. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 4)}***${phone.slice(-4)}`;
}

/** Masks an e-mail address as a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
