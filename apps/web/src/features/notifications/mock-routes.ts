import type { Envelope } from '@wsm/contracts';
import type { MockAnswer, MockRoute } from '../../lib/mock-api';

// Canned answers for the mocked-API mode.

const ok = <T>(data: T): MockAnswer => ({
  body: { statusCode: 200, statusMessage: 'OK', data } satisfies Envelope<T>,
});
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const notifications = () => [
  {
    id: 'notification-1',
    type: 'password.changed',
    title: 'رمز عبور شما تغییر کرد',
    body: 'اگر این کار را شما نکرده‌اید، بی‌درنگ رمز عبور را بازیابی کنید.',
    link: '/profile/security',
    read: false,
    createdDate: hoursAgo(1),
  },
  {
    id: 'notification-2',
    type: 'session.created',
    title: 'ورود تازه به حساب',
    body: 'Chrome در Windows',
    link: null,
    read: true,
    createdDate: hoursAgo(30),
  },
];

const announcements = () => [
  {
    id: 'announcement-1',
    type: 'announcement',
    title: 'به‌روزرسانی سامانه',
    body: 'نسخه‌ی تازه با امکان پشتیبان‌گیری منتشر شد.',
    link: null,
    read: false,
    createdDate: hoursAgo(5),
  },
];

/** A kind's list (all of it on one page) and one of its entries by id (the first). */
const listRoutes = (kind: 'simple' | 'bulk', list: () => { id: string }[]): MockRoute[] => [
  {
    method: 'get',
    path: `/v1/notifications/${kind}`,
    answer: () => ok({ notifications: list(), total: list().length }),
  },
  {
    method: 'get',
    path: new RegExp(`^/v1/notifications/${kind}/id/[^/]+$`),
    answer: () => ok(list()[0]),
  },
];

export const notificationMockRoutes: MockRoute[] = [
  { method: 'get', path: '/v1/notifications/unread', answer: () => ok({ count: 1 }) },
  ...listRoutes('simple', notifications),
  ...listRoutes('bulk', announcements),
  { method: 'put', path: '/v1/notifications/ack', answer: () => ok(null) },
];
