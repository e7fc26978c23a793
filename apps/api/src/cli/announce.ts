import { parseArgs } from 'node:util';
import { announce } from '../modules/notifications/service';
import { openConfiguredDatabase } from '../start-up';

/** What an announcement needs, read from the command line. */
export interface AnnouncementArgs {
  titleFa: string;
  titleEn: string;
  bodyFa: string | null;
  bodyEn: string | null;
  link: string | null;
}

const usage = `Usage: npm run announce -w @wsm/api -- --title-fa <text> --title-en <text> [--body-fa <text>] [--body-en <text>] [--link </path>]
Publishes an announcement to every user (GET /v1/notifications/bulk/), in Persian and English.`;

/** Reads the arguments; throws with the usage text when a title is missing or an option is unknown. */
export function parseAnnouncementArgs(argv: string[]): AnnouncementArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      'title-fa': { type: 'string' },
      'title-en': { type: 'string' },
      'body-fa': { type: 'string' },
      'body-en': { type: 'string' },
      link: { type: 'string' },
    },
    strict: true,
  });
  const text = (value: string | undefined) => value?.trim() || null;
  const titleFa = text(values['title-fa']);
  const titleEn = text(values['title-en']);
  if (!titleFa || !titleEn) throw new Error(usage);
  const link = text(values.link);
  // Links stay inside the app: a path, never another site.
  if (link && (!link.startsWith('/') || link.startsWith('//')))
    throw new Error(`--link must be a path\n${usage}`);
  return { titleFa, titleEn, bodyFa: text(values['body-fa']), bodyEn: text(values['body-en']), link };
}

async function main(): Promise<void> {
  let input: AnnouncementArgs;
  try {
    input = parseAnnouncementArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
  const { database } = await openConfiguredDatabase();
  try {
    const id = await announce(database.db, input);
    console.log(`Announcement ${id} published.`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) await main();
