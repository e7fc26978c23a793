import {
  isValidNationalCode,
  nationalCodeSchema,
  normalizeText,
  otpCodeSchema,
  passwordSchema,
  phoneSchema,
  signupPasswordRequestSchema,
  usernamePattern,
} from '@wsm/contracts';
import { z } from 'zod';

// The zod schemas of the public identity forms. They load on the first check of a form (its submit),
// never with the page: zod and the contracts' schemas would otherwise weigh on the first screen.

/** All digits: a national code; otherwise a username (usernames start with a letter). */
export const loginFormSchema = z.object({
  identifier: z
    .string()
    .transform(normalizeText)
    .transform((value, ctx) => {
      if (value === '') {
        ctx.addIssue({ code: 'custom', message: 'required' });
        return z.NEVER;
      }
      if (/^\d+$/.test(value)) {
        if (isValidNationalCode(value)) return { nationalCode: value };
        ctx.addIssue({ code: 'custom', message: 'invalid_national_code' });
        return z.NEVER;
      }
      const username = value.toLowerCase();
      if (usernamePattern.test(username)) return { username };
      ctx.addIssue({ code: 'custom', message: 'invalid_identifier' });
      return z.NEVER;
    }),
  password: z.string().min(1).max(128),
});

export const codeFormSchema = z.object({ code: otpCodeSchema });

export const signupPhoneFormSchema = z.object({ phone: phoneSchema, nationalCode: nationalCodeSchema });

export const signupPasswordFormSchema = signupPasswordRequestSchema
  .omit({ signupToken: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwords_mismatch',
  });

export const recoveryStartSchema = z.object({ nationalCode: nationalCodeSchema });

export const recoveryChangeSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'passwords_mismatch',
  });
