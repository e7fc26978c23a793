import {
  type Locale,
  type NamedKey,
  type Permission,
  type PermissionKey,
  permissionKeys,
  type Software,
  type TenantSettingsSection,
  tenantSettingsKey,
  tenantSettingsSections,
} from '@wsm/contracts';

// The fixed catalogues of the access module: permissions, the built-in software and its sections, and
// the names of every status the workspace calls show. Ids of catalogue entries are their keys.

type Texts = Record<Locale, string>;

const sectionNames: Record<TenantSettingsSection, Texts> = {
  info: { fa: 'اطلاعات فضای کاری', en: 'Workspace information', ar: 'معلومات مساحة العمل' },
  members: { fa: 'اعضا', en: 'Members', ar: 'الأعضاء' },
  roles: { fa: 'نقش‌ها', en: 'Roles', ar: 'الأدوار' },
};

const softwareNames: Record<string, Texts> = {
  [tenantSettingsKey]: { fa: 'تنظیمات فضای کاری', en: 'Workspace settings', ar: 'إعدادات مساحة العمل' },
};

const permissionTexts: Record<PermissionKey, { name: Texts; section: TenantSettingsSection }> = {
  tenant_roles_read: { name: { fa: 'دیدن نقش‌ها', en: 'Read roles', ar: 'عرض الأدوار' }, section: 'roles' },
  tenant_roles_create: {
    name: { fa: 'ساختن نقش', en: 'Create roles', ar: 'إنشاء الأدوار' },
    section: 'roles',
  },
  tenant_roles_update: {
    name: { fa: 'ویرایش نقش', en: 'Update roles', ar: 'تعديل الأدوار' },
    section: 'roles',
  },
  tenant_roles_delete: { name: { fa: 'حذف نقش', en: 'Delete roles', ar: 'حذف الأدوار' }, section: 'roles' },
  tenant_users_role_read: {
    name: { fa: 'دیدن کاربران فضای کاری', en: 'Read workspace users', ar: 'عرض مستخدمي مساحة العمل' },
    section: 'members',
  },
  tenant_users_role_create: {
    name: { fa: 'افزودن کاربر فضای کاری', en: 'Create workspace users', ar: 'إضافة مستخدمي مساحة العمل' },
    section: 'members',
  },
  tenant_users_role_update: {
    name: {
      fa: 'ویرایش و تغییر وضعیت کاربران فضای کاری',
      en: 'Update workspace users and their status',
      ar: 'تعديل مستخدمي مساحة العمل وتغيير حالتهم',
    },
    section: 'members',
  },
  tenant_members_read: {
    name: { fa: 'دیدن اعضا و دعوت‌ها', en: 'Read members and invitations', ar: 'عرض الأعضاء والدعوات' },
    section: 'members',
  },
  tenant_members_update: {
    name: { fa: 'تغییر نقش اعضا', en: "Change members' roles", ar: 'تغيير أدوار الأعضاء' },
    section: 'members',
  },
  tenant_members_delete: {
    name: { fa: 'حذف اعضا', en: 'Remove members', ar: 'إزالة الأعضاء' },
    section: 'members',
  },
  tenant_members_invitations_send: {
    name: { fa: 'فرستادن دعوت‌نامه', en: 'Send invitations', ar: 'إرسال الدعوات' },
    section: 'members',
  },
  tenant_members_invitations_withdraw: {
    name: { fa: 'پس گرفتن دعوت‌نامه', en: 'Withdraw invitations', ar: 'سحب الدعوات' },
    section: 'members',
  },
  tenant_profile_read: {
    name: { fa: 'دیدن پروفایل فضای کاری', en: 'Read the workspace profile', ar: 'عرض ملف مساحة العمل' },
    section: 'info',
  },
  tenant_profile_create: {
    name: { fa: 'افزودن برنامه', en: 'Create applications', ar: 'إضافة التطبيقات' },
    section: 'info',
  },
  tenant_profile_update: {
    name: {
      fa: 'ویرایش پروفایل و برنامه‌ها',
      en: 'Update the profile and applications',
      ar: 'تعديل الملف والتطبيقات',
    },
    section: 'info',
  },
  tenant_audit_read: {
    name: {
      fa: 'دیدن گزارش رویدادهای فضای کاری',
      en: "Read the workspace's audit log",
      ar: 'قراءة سجل تدقيق مساحة العمل',
    },
    section: 'info',
  },
  tenant_integrations_manage: {
    name: {
      fa: 'مدیریت کلیدهای API و وب‌هوک‌ها',
      en: 'Manage API keys and webhooks',
      ar: 'إدارة مفاتيح API وخطافات الويب',
    },
    section: 'info',
  },
};

export function isPermissionKey(value: string): value is PermissionKey {
  return (permissionKeys as readonly string[]).includes(value);
}

/** The pointer ('software/section') of a permission. */
export function pointerOf(key: PermissionKey): string {
  return `${tenantSettingsKey}/${permissionTexts[key].section}`;
}

/** One permission of the catalogue in a language. */
export function permissionOf(key: PermissionKey, locale: Locale): Permission {
  return { id: key, key, name: permissionTexts[key].name[locale], pointers: [pointerOf(key)] };
}

/** The whole permission catalogue in a language. */
export function permissionCatalogue(locale: Locale): Permission[] {
  return permissionKeys.map((key) => permissionOf(key, locale));
}

/** The softwares (with only the given sections, or all of them) in a language. */
export function softwareCatalogue(locale: Locale, sections?: ReadonlySet<string>): Software[] {
  const wanted = tenantSettingsSections.filter((s) => !sections || sections.has(s));
  if (wanted.length === 0) return [];
  return [
    {
      id: tenantSettingsKey,
      key: tenantSettingsKey,
      name: softwareNames[tenantSettingsKey]![locale],
      sections: wanted.map((key) => ({ key, name: sectionNames[key][locale] })),
      imageId: null,
    },
  ];
}

/** The name of the built-in application in a language. */
export function builtInApplicationName(locale: Locale): string {
  return softwareNames[tenantSettingsKey]![locale];
}

const statusNames: Record<string, Texts> = {
  active: { fa: 'فعال', en: 'Active', ar: 'نشط' },
  pending: { fa: 'در انتظار', en: 'Pending', ar: 'قيد الانتظار' },
  suspended: { fa: 'معلق', en: 'Suspended', ar: 'معلّق' },
  unregistered: { fa: 'ثبت‌نام‌نشده', en: 'Unregistered', ar: 'غير مسجّل' },
  unconfirmed: { fa: 'تأییدنشده', en: 'Unconfirmed', ar: 'غير مؤكَّد' },
  confirmed: { fa: 'تأییدشده', en: 'Confirmed', ar: 'مؤكَّد' },
  accepted: { fa: 'پذیرفته‌شده', en: 'Accepted', ar: 'مقبول' },
  declined: { fa: 'ردشده', en: 'Declined', ar: 'مرفوض' },
  withdrawn: { fa: 'پس‌گرفته‌شده', en: 'Withdrawn', ar: 'مسحوب' },
  expired: { fa: 'منقضی‌شده', en: 'Expired', ar: 'منتهي الصلاحية' },
};

/** A status as `{ id, name, key }` in a language (the id is the key). */
export function namedStatus(key: string, locale: Locale): NamedKey {
  return { id: key, key, name: statusNames[key]?.[locale] ?? key };
}
