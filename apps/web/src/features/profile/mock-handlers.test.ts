import {
  notificationListSchema,
  notificationSchema,
  twoFaSettingsSchema,
  unreadCountSchema,
} from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { callMock } from '../../test/mock-call';
import {
  emailResponseSchema,
  nationalCodeResponseSchema,
  optionListSchema,
  phoneResponseSchema,
  profileSchema,
  sessionListSchema,
  usernameResponseSchema,
} from './api';

// The mocked-API mode must answer in the contract's shapes, or the screens show errors in a mock build.

const cases: [string, z.ZodType][] = [
  ['/v1/auth/profile', profileSchema],
  ['/v1/auth/profile/genders', optionListSchema],
  ['/v1/auth/profile/languages', optionListSchema],
  ['/v1/auth/identity/security/username', usernameResponseSchema],
  ['/v1/auth/identity/security/national-code', nationalCodeResponseSchema],
  ['/v1/auth/identity/security/email', emailResponseSchema],
  ['/v1/auth/identity/security/phone', phoneResponseSchema],
  ['/v1/auth/identity/security/sessions', sessionListSchema],
  ['/v1/auth/identity/security/2fa', twoFaSettingsSchema],
  ['/v1/notifications/unread', unreadCountSchema],
  ['/v1/notifications/simple', notificationListSchema],
  ['/v1/notifications/simple/id/notification-1', notificationSchema],
  ['/v1/notifications/bulk', notificationListSchema],
  ['/v1/notifications/bulk/id/announcement-1', notificationSchema],
];

describe('mocked answers of personal settings', () => {
  it.each(cases)('GET %s matches the contract schema', async (path, schema) => {
    expect(schema.safeParse((await callMock('get', path)).data).success).toBe(true);
  });
});
