import { type SQL, sql } from 'drizzle-orm';
import { containsPattern, searchTextSeparator } from '../../lib/search';
import { members } from './schema';

/**
 * A search by a member's names or username: the membership's kept search text (the account's names and
 * username, lower-cased, kept by triggers: migration 0032), so a broad search reads no account row.
 */
export function personSearch(search: string): SQL {
  const pattern = containsPattern(search);
  const kept = sql`${members}.search_text like lower(${pattern})`;
  if (!search.includes(searchTextSeparator)) return kept;
  return sql`${kept} and exists (select 1 from users a where a.id = ${members.userId}
    and (coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '') ilike ${pattern}
      or coalesce(a.username, '') ilike ${pattern}))`;
}
