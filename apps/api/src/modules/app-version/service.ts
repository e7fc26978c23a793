import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppVersion, appVersionFileName, appVersionSchema } from '@wsm/contracts';

const fallbackVersion = '0.0.0';

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The version of the web app in `webDistDir`, as its build wrote it. Without a build (development,
 * tests) it is the web package's version, built "now": the moment this process started.
 */
export async function readAppVersion(webDistDir: string, startedAt: Date = new Date()): Promise<AppVersion> {
  const built = appVersionSchema.safeParse(await readJson(join(webDistDir, appVersionFileName)));
  if (built.success) return built.data;
  const webPackage = await readJson(join(webDistDir, '..', 'package.json'));
  const version =
    typeof webPackage === 'object' && webPackage !== null && 'version' in webPackage
      ? String(webPackage.version)
      : fallbackVersion;
  return { version: version || fallbackVersion, builtAt: startedAt.toISOString() };
}
