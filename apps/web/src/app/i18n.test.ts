import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { baseI18nOptions, persianDigits, presentText } from './i18n';

const resources = {
  fa: {
    common: { invited: 'کاربر {{name}} {{count}} بار دعوت شد (۳ روز، 7 روز)', joined: 'به {{name}} پیوستید' },
  },
  en: { common: { invited: 'User {{name}} was invited {{count}} times', remove: 'Remove “{{name}}”?' } },
};

async function translator(lng: 'fa' | 'en') {
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

  it('cannot be fooled by a value carrying the markers itself', () => {
    expect(presentText('a \uFDD0x\uFDD1 b 1', 'fa')).toBe(`a ${fsi}x${pdi} b ۱`);
  });
});
