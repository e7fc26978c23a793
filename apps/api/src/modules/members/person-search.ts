import { ilike, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern } from '../../lib/search';
import { users } from '../identity/schema';

/** A search by a member's names or username (the trigram indexes find them). */
export function personSearch(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  return or(
    ilike(sql`coalesce(${users.firstName}, '')`, pattern),
    ilike(sql`coalesce(${users.lastName}, '')`, pattern),
    ilike(sql`coalesce(${users.username}, '')`, pattern),
    ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
  );
}
