// Search terms as every list's search box uses them: case-insensitive "contains", wildcards taken literally.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** The largest integer PostgreSQL's integer (int4) holds: a numeric search term above it cannot match. */
export const MAX_INT4 = 2_147_483_647;

/**
 * Search replies are plain arrays (docs/product.md §7). Campaigns, data tables and questions number in the tens to
 * hundreds in a call centre, so this never cuts a real answer; it only bounds what a stray one-letter search returns.
 */
export const MAX_SEARCH_RESULTS = 1000;

/** `%term%` for ILIKE with \, % and _ escaped, so a term matches as typed. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** `expression` contains `term`, ignoring case (ILIKE, which a trigram index can serve). */
export function containsText(expression: Expression<string | null>, term: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${expression} ilike ${containsPattern(term)}`;
}
