import { type DeviceParts, formatDevice } from '@wsm/contracts';
import { UAParser } from 'ua-parser-js';

/** Where a session was opened from, as stored on its row. */
export interface ClientInfo {
  ipAddress: string;
  agent: string;
  platform: string;
}

const maxAgentLength = 512;

/** The browser, system and model a user agent names; null when nothing could be read from it. */
export function deviceParts(userAgent: string): DeviceParts | null {
  if (!userAgent) return null;
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const parts: DeviceParts = {};
  // A headless Chrome is Chrome to the person reading the list.
  const browserName = browser.name?.replace(/ ?Headless$/, '');
  if (browserName) {
    parts.browser = browserName;
    if (browser.major) parts.browserVersion = browser.major;
  }
  if (os.name) {
    parts.os = os.name;
    if (os.version) parts.osVersion = os.version;
  }
  const model = [device.vendor, device.model].filter(Boolean).join(' ');
  if (model) parts.model = model;
  return Object.keys(parts).length > 0 ? parts : null;
}

/**
 * The platform as stored on the session, in English ("Chrome 126 on Windows 10"); "unknown" when
 * unreadable. It is the key that tells a known device from a new one; people see formatDevice's words.
 */
export function describePlatform(userAgent: string): string {
  return formatDevice(deviceParts(userAgent), 'en') ?? 'unknown';
}

/** The client of a request: its address, its user agent (bounded) and the platform parsed from it. */
export function clientInfo(ip: string, userAgentHeader: string | undefined): ClientInfo {
  const agent = (userAgentHeader ?? '').slice(0, maxAgentLength);
  return { ipAddress: ip, agent, platform: describePlatform(agent) };
}
