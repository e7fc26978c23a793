import type { Locale } from '@wsm/contracts';
import type { i18n as I18n } from 'i18next';
import { createTestI18n } from './i18n';

type Bundle = Record<string, unknown>;

/** A test i18next instance with the shell's texts plus feature namespaces ({ ns: { fa, en, ar? } }). */
export async function createFeatureI18n(
  lng: Locale,
  namespaces: Record<string, { fa: Bundle; en: Bundle; ar?: Bundle }>,
): Promise<I18n> {
  const instance = await createTestI18n(lng);
  for (const [ns, bundles] of Object.entries(namespaces)) {
    instance.addResourceBundle('fa', ns, bundles.fa, true, true);
    instance.addResourceBundle('en', ns, bundles.en, true, true);
    if (bundles.ar) instance.addResourceBundle('ar', ns, bundles.ar, true, true);
  }
  return instance;
}
