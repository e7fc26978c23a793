import { UAParser } from 'ua-parser-js';

/** Where a session was opened from, as stored on its row. */
export interface ClientInfo {
  ipAddress: string;
  agent: string;
  platform: string;
}

const maxAgentLength = 512;

/** The platform of a user agent in words, e.g. "Chrome 126 on Windows 10"; "unknown" when unreadable. */
export function describePlatform(userAgent: string): string {
  if (!userAgent) return 'unknown';
  const { browser, os, device } = UAParser(userAgent);
  // A headless Chrome is Chrome to the person reading the list.
  const browserName = browser.name?.replace(/ Headless$/, '');
  const browserPart = browserName ? [browserName, browser.major].filter(Boolean).join(' ') : undefined;
  const osPart = os.name ? [os.name, os.version].filter(Boolean).join(' ') : undefined;
  const devicePart =
    device.vendor || device.model ? [device.vendor, device.model].filter(Boolean).join(' ') : undefined;
  const where = [osPart, devicePart && devicePart !== osPart ? devicePart : undefined]
    .filter(Boolean)
    .join(', ');
  if (browserPart && where) return `${browserPart} on ${where}`;
  return browserPart ?? (where || 'unknown');
}

/** The client of a request: its address, its user agent (bounded) and the platform parsed from it. */
export function clientInfo(ip: string, userAgentHeader: string | undefined): ClientInfo {
  const agent = (userAgentHeader ?? '').slice(0, maxAgentLength);
  return { ipAddress: ip, agent, platform: describePlatform(agent) };
}
