import { z } from 'zod';
import { otpCodeSchema } from './identity';
import { toLocaleDigits } from './normalize';
import { pagedSchema, pageQuerySchema } from './paging';
import type { Locale } from './status-codes';
import { idSchema } from './workspace-fields';

// Workspace backup, export, import and restore; the `data` of each envelope.

const base = '/v1/migration/workspace-backup';

/** Every backup path, as the web app calls them. `id` is a workspace id. */
export const backupPaths = {
  list: (id: string) => `${base}/workspaceId/${id}/`,
  /** POST (create: 630, then with the code) and DELETE. */
  backups: `${base}/`,
  resend: `${base}/2fa/resend/sms/`,
  export: (id: string, backupId: string) => `${base}/export/id/${backupId}/workspaceId/${id}/`,
  import: (id: string) => `${base}/import/workspace-id/${id}`,
  restore: `${base}/restore/`,
} as const;

/** Where a stored backup came from. */
export const backupSources = ['created', 'imported', 'pre-restore'] as const;
export type BackupSource = (typeof backupSources)[number];

/** Limits of an uploaded archive (the web app checks the size before uploading). */
export const backupUploadLimits = {
  /** The zip file itself. */
  maxBytes: 50 * 1024 * 1024,
  /** Entries in the zip. */
  maxEntries: 5000,
  /** Everything in it, decompressed. */
  maxUncompressedBytes: 200 * 1024 * 1024,
  /** Decompressed size over compressed size of one entry (entries under 64 KiB decompressed are not judged). */
  maxRatio: 200,
} as const;

export const backupUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
});

export const backupSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  source: z.enum(backupSources),
  size: z.number().int().describe('bytes of the zip'),
  sha256: z.string().describe('hex SHA-256 of the zip, to check a download'),
  createdDate: z.string().describe('when this backup was stored (taken, imported or made before a restore)'),
  createdBy: z.string().nullable().describe('user id of who made it; null when that account is gone'),
  creator: backupUserSchema.nullable().describe('who made it, for display'),
  snapshotDate: z.string().describe("the manifest's created date: when the data was read"),
  formatVersion: z.number().int(),
  counts: z.record(z.string(), z.number().int()).describe('rows per table in the archive'),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupsPageSchema = pagedSchema(backupSchema);
export const backupsQuerySchema = pageQuerySchema.extend({ source: z.enum(backupSources).optional() });

/** `630` data: a code was texted to the caller's phone. */
export const backupChallengeSchema = z.object({
  method: z.literal('sms'),
  phone: z.string().describe('masked: 0912***4567'),
  resendAfter: z.number().int().describe('seconds until a resend is allowed'),
});
export type BackupChallenge = z.infer<typeof backupChallengeSchema>;

export const createBackupRequestSchema = z.object({
  workspaceId: idSchema,
  code: otpCodeSchema.optional().describe('absent: a code is texted (630); present: the backup is taken'),
});
export type CreateBackupRequest = z.infer<typeof createBackupRequestSchema>;

export const resendBackupCodeRequestSchema = z.object({ workspaceId: idSchema });

export const deleteBackupRequestSchema = z.object({ workspaceId: idSchema, backupId: idSchema });

export const restoreBackupRequestSchema = z.object({
  workspaceId: idSchema,
  backupId: idSchema,
  code: otpCodeSchema.optional().describe('absent: a code is texted (630); present: the restore runs'),
});
export type RestoreBackupRequest = z.infer<typeof restoreBackupRequestSchema>;

export const restoreResultSchema = z.object({
  workspaceId: z.string(),
  backupId: z.string().describe('the backup that was restored'),
  preRestoreBackup: backupSchema.describe('the state just before the restore, kept as a backup'),
  restoredDate: z.string(),
  counts: z.record(z.string(), z.number().int()).describe('rows per table now in the workspace'),
  missingMembers: z
    .array(
      z.object({
        memberId: z.string(),
        userId: z.string(),
        level: z.enum(['owner', 'member']),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
      }),
    )
    .describe(
      'members of the backup not restored: not members of the workspace at restore time, or accounts gone',
    ),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

export const backupParamsSchema = z.object({ id: idSchema, backupId: idSchema });

// ---------- why an archive is refused (body 400: data.errors[0].message, data.reason)

export const backupProblems = [
  'file_required',
  'too_large',
  'not_zip',
  'corrupt',
  'too_many_entries',
  'too_big_uncompressed',
  'ratio',
  'unsafe_path',
  'symlink',
  'duplicate_entry',
  'encrypted',
  'unexpected_entry',
  'missing_manifest',
  'invalid_manifest',
  'unknown_format',
  'missing_file',
  'hash_mismatch',
  'count_mismatch',
  'invalid_data',
  'unsafe_text',
  'too_many_rows',
  'broken_reference',
  'invalid_image',
  'other_workspace',
  'foreign_rows',
  'too_many_backups',
] as const;
export type BackupProblem = (typeof backupProblems)[number];

/** Details a message names: an entry's name, a row number, a field, a number. */
export interface BackupProblemParams {
  name?: string;
  row?: number;
  field?: string;
  value?: string | number;
}

const mib = (bytes: number) => Math.round(bytes / (1024 * 1024));

type Words = (p: BackupProblemParams, n: (value: number | string) => string) => string;

const problemWords: Record<BackupProblem, Record<Locale, Words>> = {
  file_required: {
    fa: () => 'فایل پشتیبان (zip) را در فیلد file بفرستید',
    en: () => 'Send the backup (zip) in the field file',
    ar: () => 'أرسل ملف النسخة الاحتياطية (zip) في الحقل file',
  },
  too_large: {
    fa: (_, n) => `حجم فایل پشتیبان بیش از ${n(mib(backupUploadLimits.maxBytes))} مگابایت است`,
    en: () => `The backup file is larger than ${mib(backupUploadLimits.maxBytes)} MB`,
    ar: (_, n) => `حجم ملف النسخة الاحتياطية أكبر من ${n(mib(backupUploadLimits.maxBytes))} ميغابايت`,
  },
  not_zip: {
    fa: () => 'این فایل یک بایگانی zip نیست',
    en: () => 'This file is not a zip archive',
    ar: () => 'هذا الملف ليس أرشيف zip',
  },
  corrupt: {
    fa: (p) => `بایگانی zip آسیب دیده است${p.name ? ` (${p.name})` : ''}`,
    en: (p) => `The zip archive is damaged${p.name ? ` (${p.name})` : ''}`,
    ar: (p) => `أرشيف zip تالف${p.name ? ` (${p.name})` : ''}`,
  },
  too_many_entries: {
    fa: (_, n) => `بایگانی بیش از ${n(backupUploadLimits.maxEntries)} فایل دارد`,
    en: () => `The archive has more than ${backupUploadLimits.maxEntries} entries`,
    ar: (_, n) => `يحتوي الأرشيف على أكثر من ${n(backupUploadLimits.maxEntries)} ملف`,
  },
  too_big_uncompressed: {
    fa: (_, n) => `حجم بازشده‌ی بایگانی بیش از ${n(mib(backupUploadLimits.maxUncompressedBytes))} مگابایت است`,
    en: () => `The archive expands to more than ${mib(backupUploadLimits.maxUncompressedBytes)} MB`,
    ar: (_, n) =>
      `حجم الأرشيف بعد فك الضغط أكبر من ${n(mib(backupUploadLimits.maxUncompressedBytes))} ميغابايت`,
  },
  ratio: {
    fa: (p, n) =>
      `فایل ${p.name ?? ''} بیش از ${n(backupUploadLimits.maxRatio)} برابر باز می‌شود (بمب فشرده‌سازی)`,
    en: (p) =>
      `The entry ${p.name ?? ''} expands more than ${backupUploadLimits.maxRatio} times (a zip bomb)`,
    ar: (p, n) =>
      `الملف ${p.name ?? ''} يتوسع أكثر من ${n(backupUploadLimits.maxRatio)} مرة عند فك الضغط (قنبلة ضغط)`,
  },
  unsafe_path: {
    fa: (p) => `مسیر فایل ${p.name ?? ''} بیرون از ریشه‌ی بایگانی را نشان می‌دهد`,
    en: (p) => `The entry ${p.name ?? ''} points outside the archive's root`,
    ar: (p) => `مسار الملف ${p.name ?? ''} يشير إلى خارج جذر الأرشيف`,
  },
  symlink: {
    fa: (p) => `بایگانی پیوند نمادین دارد (${p.name ?? ''})`,
    en: (p) => `The archive contains a symbolic link (${p.name ?? ''})`,
    ar: (p) => `يحتوي الأرشيف على رابط رمزي (${p.name ?? ''})`,
  },
  duplicate_entry: {
    fa: (p) => `نام ${p.name ?? ''} در بایگانی تکرار شده است`,
    en: (p) => `The name ${p.name ?? ''} appears twice in the archive`,
    ar: (p) => `الاسم ${p.name ?? ''} مكرر في الأرشيف`,
  },
  encrypted: {
    fa: (p) => `فایل ${p.name ?? ''} رمزگذاری شده است`,
    en: (p) => `The entry ${p.name ?? ''} is encrypted`,
    ar: (p) => `الملف ${p.name ?? ''} مشفّر`,
  },
  unexpected_entry: {
    fa: (p) => `فایل ${p.name ?? ''} در فهرست manifest.json نیست`,
    en: (p) => `The entry ${p.name ?? ''} is not listed in manifest.json`,
    ar: (p) => `الملف ${p.name ?? ''} غير مدرج في manifest.json`,
  },
  missing_manifest: {
    fa: () => 'بایگانی manifest.json ندارد',
    en: () => 'The archive has no manifest.json',
    ar: () => 'لا يحتوي الأرشيف على manifest.json',
  },
  invalid_manifest: {
    fa: (p) => `manifest.json معتبر نیست${p.field ? ` (${p.field})` : ''}`,
    en: (p) => `manifest.json is not valid${p.field ? ` (${p.field})` : ''}`,
    ar: (p) => `ملف manifest.json غير صالح${p.field ? ` (${p.field})` : ''}`,
  },
  unknown_format: {
    fa: (p, n) => `نسخه‌ی قالب پشتیبان (${n(p.value ?? '')}) شناخته نیست`,
    en: (p) => `The backup format version (${p.value ?? ''}) is not known`,
    ar: (p, n) => `إصدار تنسيق النسخة الاحتياطية (${n(p.value ?? '')}) غير معروف`,
  },
  missing_file: {
    fa: (p) => `فایل ${p.name ?? ''} که manifest.json نام برده در بایگانی نیست`,
    en: (p) => `The entry ${p.name ?? ''} named by manifest.json is missing`,
    ar: (p) => `الملف ${p.name ?? ''} المذكور في manifest.json غير موجود في الأرشيف`,
  },
  hash_mismatch: {
    fa: (p) => `چکیده‌ی SHA-256 فایل ${p.name ?? ''} با manifest.json نمی‌خواند`,
    en: (p) => `The SHA-256 of ${p.name ?? ''} does not match manifest.json`,
    ar: (p) => `بصمة SHA-256 للملف ${p.name ?? ''} لا تطابق manifest.json`,
  },
  count_mismatch: {
    fa: (p) => `شمار ردیف‌های ${p.name ?? ''} با manifest.json نمی‌خواند`,
    en: (p) => `The row count of ${p.name ?? ''} does not match manifest.json`,
    ar: (p) => `عدد صفوف ${p.name ?? ''} لا يطابق manifest.json`,
  },
  invalid_data: {
    fa: (p, n) => `داده‌ی ${p.name ?? ''}، ردیف ${n(p.row ?? 0)}، فیلد ${p.field ?? ''} معتبر نیست`,
    en: (p) => `Invalid data in ${p.name ?? ''}, row ${p.row ?? 0}, field ${p.field ?? ''}`,
    ar: (p, n) => `بيانات غير صالحة في ${p.name ?? ''}، الصف ${n(p.row ?? 0)}، الحقل ${p.field ?? ''}`,
  },
  unsafe_text: {
    fa: (p, n) =>
      `داده‌ی ${p.name ?? ''}، ردیف ${n(p.row ?? 0)}${p.field ? `، فیلد ${p.field}` : ''} نویسه‌ای دارد که نگه‌داشتنی نیست (U+0000، نیمه‌ی تنهای یک جفت جانشین یا UTF-8 نادرست)`,
    en: (p) =>
      `Data in ${p.name ?? ''}, row ${p.row ?? 0}${p.field ? `, field ${p.field}` : ''} holds a character that cannot be stored (U+0000, a lone surrogate or invalid UTF-8)`,
    ar: (p, n) =>
      `بيانات ${p.name ?? ''}، الصف ${n(p.row ?? 0)}${p.field ? `، الحقل ${p.field}` : ''} تحتوي على محرف لا يمكن حفظه (U+0000 أو نصف زوج بديل منفرد أو UTF-8 غير صالح)`,
  },
  too_many_rows: {
    fa: (p, n) =>
      `${p.name ?? ''} بیش از ${n(p.value ?? '')} ردیف دارد؛ پشتیبان در این جدول بیش از این نمی‌پذیرد`,
    en: (p) =>
      `${p.name ?? ''} has more than ${p.value ?? ''} rows, the most a backup may hold in this table`,
    ar: (p, n) =>
      `يحتوي ${p.name ?? ''} على أكثر من ${n(p.value ?? '')} صف، وهو الحد الأقصى الذي تقبله النسخة الاحتياطية في هذا الجدول`,
  },
  broken_reference: {
    fa: (p, n) =>
      `${p.name ?? ''}، ردیف ${n(p.row ?? 0)}: ${p.field ?? ''} به ردیفی اشاره می‌کند که در پشتیبان نیست`,
    en: (p) =>
      `${p.name ?? ''}, row ${p.row ?? 0}: ${p.field ?? ''} points to a row that is not in the backup`,
    ar: (p, n) =>
      `${p.name ?? ''}، الصف ${n(p.row ?? 0)}: ${p.field ?? ''} يشير إلى صف غير موجود في النسخة الاحتياطية`,
  },
  invalid_image: {
    fa: (p) => `تصویر ${p.name ?? ''} معتبر نیست یا با اطلاعاتش نمی‌خواند`,
    en: (p) => `The image ${p.name ?? ''} is not valid or does not match its record`,
    ar: (p) => `الصورة ${p.name ?? ''} غير صالحة أو لا تطابق بياناتها`,
  },
  other_workspace: {
    fa: () => 'این پشتیبان از فضای کاری دیگری است',
    en: () => 'This backup belongs to another workspace',
    ar: () => 'هذه النسخة الاحتياطية تخص مساحة عمل أخرى',
  },
  foreign_rows: {
    fa: (p) => `ردیف‌هایی از ${p.name ?? ''} شناسه‌ی داده‌های فضای کاری دیگری را دارند`,
    en: (p) => `Rows of ${p.name ?? ''} carry ids of another workspace's data`,
    ar: (p) => `صفوف من ${p.name ?? ''} تحمل معرّفات بيانات مساحة عمل أخرى`,
  },
  too_many_backups: {
    fa: (p, n) => `این فضای کاری ${n(p.value ?? '')} پشتیبان دارد؛ پیش از افزودن، چندتا را پاک کنید`,
    en: (p) => `This workspace has ${p.value ?? ''} backups; delete some before adding another`,
    ar: (p, n) => `لدى مساحة العمل هذه ${n(p.value ?? '')} نسخة احتياطية؛ احذف بعضها قبل إضافة أخرى`,
  },
};

/** The text of a refusal reason in the given language (Persian digits in fa, Arabic-Indic in ar). */
export function backupProblemMessage(
  problem: BackupProblem,
  locale: Locale,
  params: BackupProblemParams = {},
): string {
  const n = (value: number | string) => toLocaleDigits(String(value), locale);
  return problemWords[problem][locale](params, n);
}
