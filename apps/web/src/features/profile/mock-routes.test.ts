import {
  notificationListSchema,
  notificationSchema,
  twoFaSettingsSchema,
  unreadCountSchema,
} from '@wsm/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { HttpRequest } from '../../lib/http';
import type { MockRoute } from '../../lib/mock-api';
import { notificationMockRoutes } from '../notifications/mock-routes';
import {
  emailResponseSchema,
  nationalCodeResponseSchema,
  optionListSchema,
  phoneResponseSchema,
  profileSchema,
  sessionListSchema,
  usernameResponseSchema,
} from './api';
import { profileMockRoutes } from './mock-routes';

// The mocked-API mode must answer in the contract's shapes, or the screens show errors in a mock build.

function dataOf(routes: MockRoute[], method: MockRoute['method'], path: string): unknown {
  const route = routes.find(
    (item) =>
      item.method === method && (typeof item.path === 'string' ? item.path === path : item.path.test(path)),
  );
  if (!route) throw new Error(`no mock route for ${method} ${path}`);
  return (route.answer({} as HttpRequest).body as { data: unknown }).data;
}

const cases: [string, z.ZodType, MockRoute[]][] = [
  ['/v1/auth/profile', profileSchema, profileMockRoutes],
  ['/v1/auth/profile/genders', optionListSchema, profileMockRoutes],
  ['/v1/auth/profile/languages', optionListSchema, profileMockRoutes],
  ['/v1/auth/identity/security/username', usernameResponseSchema, profileMockRoutes],
  ['/v1/auth/identity/security/national-code', nationalCodeResponseSchema, profileMockRoutes],
  ['/v1/auth/identity/security/email', emailResponseSchema, profileMockRoutes],
  ['/v1/auth/identity/security/phone', phoneResponseSchema, profileMockRoutes],
  ['/v1/auth/identity/security/sessions', sessionListSchema, profileMockRoutes],
  ['/v1/auth/identity/security/2fa', twoFaSettingsSchema, profileMockRoutes],
  ['/v1/notifications/unread', unreadCountSchema, notificationMockRoutes],
  ['/v1/notifications/simple', notificationListSchema, notificationMockRoutes],
  ['/v1/notifications/simple/id/notification-1', notificationSchema, notificationMockRoutes],
  ['/v1/notifications/bulk', notificationListSchema, notificationMockRoutes],
  ['/v1/notifications/bulk/id/announcement-1', notificationSchema, notificationMockRoutes],
];

describe('mocked answers of personal settings', () => {
  it.each(cases)('GET %s matches the contract schema', (path, schema, routes) => {
    expect(schema.safeParse(dataOf(routes, 'get', path)).success).toBe(true);
  });
});
