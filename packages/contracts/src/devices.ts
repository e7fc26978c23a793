import { z } from 'zod';
import { toLocaleDigits } from './normalize';

/**
 * A device as the server read it from a user agent: product names as their makers write them, and
 * version numbers. Each language joins them in its own words (formatDevice).
 */
export const deviceSchema = z.object({
  browser: z.string().optional(),
  browserVersion: z.string().optional(),
  os: z.string().optional(),
  osVersion: z.string().optional(),
  model: z.string().optional(),
});
export type DeviceParts = z.infer<typeof deviceSchema>;

type DeviceLocale = 'fa' | 'en' | 'ar';

const joining: Record<DeviceLocale, { on: string; comma: string }> = {
  en: { on: ' on ', comma: ', ' },
  fa: { on: ' روی ', comma: '، ' },
  ar: { on: ' على ', comma: '، ' },
};

/**
 * The device in a language's words: "Chrome 156 on Linux", "Chrome ۱۵۶ روی Linux",
 * "Chrome ١٥٦ على Linux". Names stay as written; versions are numbers, so they take the language's
 * digits. Undefined when nothing could be read.
 */
export function formatDevice(
  parts: DeviceParts | null | undefined,
  locale: DeviceLocale,
): string | undefined {
  if (!parts) return undefined;
  const named = (name?: string, version?: string) =>
    name
      ? [name, version ? toLocaleDigits(version, locale) : undefined].filter(Boolean).join(' ')
      : undefined;
  const browser = named(parts.browser, parts.browserVersion);
  const os = named(parts.os, parts.osVersion);
  const model = parts.model && parts.model !== os ? parts.model : undefined;
  const words = joining[locale];
  const where = [os, model].filter(Boolean).join(words.comma);
  if (browser && where) return `${browser}${words.on}${where}`;
  return browser ?? (where || undefined);
}
