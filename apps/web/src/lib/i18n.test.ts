import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyDocumentLocale, baseI18nOptions, localeDirection, persianDigits, presentText } from './i18n';

const resources = {
  fa: {
    common: { invited: 'کاربر {{name}} {{count}} بار دعوت شد (۳ روز، 7 روز)', joined: 'به {{name}} پیوستید' },
  },
  en: { common: { invited: 'User {{name}} was invited {{count}} times', remove: 'Remove “{{name}}”?' } },
  ar: {
    common: {
      invited_one: 'دُعي المستخدم {{name}} مرة واحدة (خلال 7 أيام)',
      invited_many: 'دُعي المستخدم {{name}} {{count}} مرة (خلال 7 أيام)',
      invited_other: 'دُعي المستخدم {{name}} {{count}} مرة',
    },
  },
};

async function translator(lng: 'fa' | 'en' | 'ar') {
  const instance = i18next.createInstance();
  await instance.use(persianDigits).init({ ...baseI18nOptions, lng, resources });
  return instance;
}

const fsi = '\u2068';
const pdi = '\u2069';

describe('translated texts and interpolated values', () => {
  it('in fa: the text’s own digits and counts are Persian, a typed username keeps its digits, isolated', async () => {
    const fa = await translator('fa');
    expect(fa.t('invited', { name: 'sara92', count: 12 })).toBe(
      `کاربر ${fsi}sara92${pdi} ۱۲ بار دعوت شد (۳ روز، ۷ روز)`,
    );
  });

  it('in fa: a Persian value needs no isolate, and a value already in Persian digits stays so', async () => {
    const fa = await translator('fa');
    expect(fa.t('joined', { name: 'شرکت ۲' })).toBe('به شرکت ۲ پیوستید');
  });

  it('in en: a Persian workspace name is isolated so the quotes stay in place; a Latin one is left alone', async () => {
    const en = await translator('en');
    expect(en.t('remove', { name: 'فروشگاه ۲' })).toBe(`Remove “${fsi}فروشگاه ۲${pdi}”?`);
    expect(en.t('remove', { name: 'Shop 2' })).toBe('Remove “Shop 2”?');
    expect(en.t('invited', { name: 'sara92', count: 3 })).toBe('User sara92 was invited 3 times');
  });

  it('in ar: the text’s own digits and counts are Arabic-Indic, Arabic plural forms apply, a Latin value is isolated', async () => {
    const ar = await translator('ar');
    expect(ar.t('invited', { name: 'sara92', count: 12 })).toBe(
      `دُعي المستخدم ${fsi}sara92${pdi} ١٢ مرة (خلال ٧ أيام)`,
    );
    expect(ar.t('invited', { name: 'سارة', count: 1 })).toBe('دُعي المستخدم سارة مرة واحدة (خلال ٧ أيام)');
    expect(presentText('0123456789', 'ar')).toBe('٠١٢٣٤٥٦٧٨٩');
  });

  it('cannot be fooled by a value carrying the markers itself', () => {
    expect(presentText('a \uFDD0x\uFDD1 b 1', 'fa')).toBe(`a ${fsi}x${pdi} b ۱`);
  });
});

describe('the document direction', () => {
  it('is right to left in fa and ar, left to right in en, with lang set', () => {
    expect(localeDirection).toEqual({ fa: 'rtl', en: 'ltr', ar: 'rtl' });
    applyDocumentLocale('ar');
    expect(document.documentElement).toMatchObject({ lang: 'ar', dir: 'rtl' });
    applyDocumentLocale('en');
    expect(document.documentElement).toMatchObject({ lang: 'en', dir: 'ltr' });
  });
});
