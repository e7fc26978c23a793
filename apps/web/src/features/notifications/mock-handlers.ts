import { http } from 'msw';
import { ok } from '../../lib/mock-http';

// Canned answers for the mocked-API mode (and the tests' default server).

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
const listHandlers = (kind: 'simple' | 'bulk', list: () => { id: string }[]) => [
  http.get(`/v1/notifications/${kind}`, () => ok({ notifications: list(), total: list().length })),
  http.get(`/v1/notifications/${kind}/id/:id`, () => ok(list()[0])),
];

export const notificationMockHandlers = [
  http.get('/v1/notifications/unread', () => ok({ count: 1 })),
  ...listHandlers('simple', notifications),
  ...listHandlers('bulk', announcements),
  http.put('/v1/notifications/ack', () => ok(null)),
];
