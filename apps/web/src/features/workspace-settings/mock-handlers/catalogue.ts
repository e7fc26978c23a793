import type { Permission, PermissionKey, Software } from '@wsm/contracts';

// The catalogue of the mocked workspace settings: the permissions, the softwares and sections they point
// into, and the status names, in the request's language.

export type Lang = 'fa' | 'en';
type Texts = Record<Lang, string>;

/** The language of the names: the request's Accept-Language (en), else Persian. */
export const langOf = (request: Request): Lang =>
  request.headers.get('Accept-Language') === 'en' ? 'en' : 'fa';

const sectionNames: Record<string, Texts> = {
  info: { fa: 'اطلاعات فضای کاری', en: 'Workspace information' },
  members: { fa: 'اعضا', en: 'Members' },
  roles: { fa: 'نقش‌ها', en: 'Roles' },
};

export const permissionInfo: Record<PermissionKey, { section: string; name: Texts }> = {
  tenant_roles_read: { section: 'roles', name: { fa: 'دیدن نقش‌ها', en: 'Read roles' } },
  tenant_roles_create: { section: 'roles', name: { fa: 'ساختن نقش', en: 'Create roles' } },
  tenant_roles_update: { section: 'roles', name: { fa: 'ویرایش نقش', en: 'Update roles' } },
  tenant_roles_delete: { section: 'roles', name: { fa: 'حذف نقش', en: 'Delete roles' } },
  tenant_users_role_read: {
    section: 'members',
    name: { fa: 'دیدن کاربران فضای کاری', en: 'Read workspace users' },
  },
  tenant_users_role_create: {
    section: 'members',
    name: { fa: 'افزودن کاربر فضای کاری', en: 'Create workspace users' },
  },
  tenant_users_role_update: {
    section: 'members',
    name: { fa: 'ویرایش و تغییر وضعیت کاربران', en: 'Update workspace users and their status' },
  },
  tenant_members_read: {
    section: 'members',
    name: { fa: 'دیدن اعضا و دعوت‌ها', en: 'Read members and invitations' },
  },
  tenant_members_update: { section: 'members', name: { fa: 'تغییر نقش اعضا', en: "Change members' roles" } },
  tenant_members_delete: { section: 'members', name: { fa: 'حذف اعضا', en: 'Remove members' } },
  tenant_members_invitations_send: {
    section: 'members',
    name: { fa: 'فرستادن دعوت‌نامه', en: 'Send invitations' },
  },
  tenant_members_invitations_withdraw: {
    section: 'members',
    name: { fa: 'پس گرفتن دعوت‌نامه', en: 'Withdraw invitations' },
  },
  tenant_profile_read: {
    section: 'info',
    name: { fa: 'دیدن پروفایل فضای کاری', en: 'Read the workspace profile' },
  },
  tenant_profile_create: { section: 'info', name: { fa: 'افزودن برنامه', en: 'Create applications' } },
  tenant_profile_update: {
    section: 'info',
    name: { fa: 'ویرایش پروفایل و برنامه‌ها', en: 'Update the profile and applications' },
  },
  tenant_audit_read: {
    section: 'info',
    name: { fa: 'دیدن گزارش رویدادهای فضای کاری', en: "Read the workspace's audit log" },
  },
  tenant_integrations_manage: {
    section: 'info',
    name: { fa: 'مدیریت کلیدهای API و وب‌هوک‌ها', en: 'Manage API keys and webhooks' },
  },
};

export const permissionOf = (key: PermissionKey, lang: Lang): Permission => ({
  id: key,
  key,
  name: permissionInfo[key].name[lang],
  pointers: [`tenant-settings/${permissionInfo[key].section}`],
});

export const softwares = (lang: Lang, only?: ReadonlySet<string>): Software[] => {
  const sections = Object.keys(sectionNames).filter((key) => !only || only.has(key));
  return sections.length === 0
    ? []
    : [
        {
          id: 'tenant-settings',
          key: 'tenant-settings',
          name: lang === 'fa' ? 'تنظیمات فضای کاری' : 'Workspace settings',
          sections: sections.map((key) => ({ key, name: sectionNames[key]?.[lang] ?? key })),
          imageId: null,
        },
      ];
};

const statusNames: Record<string, Texts> = {
  active: { fa: 'فعال', en: 'Active' },
  pending: { fa: 'در انتظار', en: 'Pending' },
  suspended: { fa: 'معلق', en: 'Suspended' },
  unregistered: { fa: 'ثبت‌نام‌نشده', en: 'Unregistered' },
  unconfirmed: { fa: 'تأییدنشده', en: 'Unconfirmed' },
  confirmed: { fa: 'تأییدشده', en: 'Confirmed' },
  accepted: { fa: 'پذیرفته‌شده', en: 'Accepted' },
  declined: { fa: 'ردشده', en: 'Declined' },
  withdrawn: { fa: 'پس‌گرفته‌شده', en: 'Withdrawn' },
  expired: { fa: 'منقضی‌شده', en: 'Expired' },
};
export const named = (key: string, lang: Lang) => ({ id: key, key, name: statusNames[key]?.[lang] ?? key });
