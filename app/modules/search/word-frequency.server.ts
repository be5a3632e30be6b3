/**
 * How common words are among posts, from PostgreSQL's own statistics on `posts.search_document`
 * (the most common lexemes and their frequencies, kept by ANALYZE): the search suggestions choose
 * their plan by it (see `suggestedPosts`). Each instance reads them at most once per
 * FREQUENCIES_TTL_MS; they move slowly. Without statistics (a new or small database, PGlite)
 * every word counts as rare.
 */
import { sql } from "drizzle-orm";
import { cachedPerDatabase } from "~/db/cached.server";
import { queryRows, type Database } from "~/db/client.server";

export const FREQUENCIES_TTL_MS = 5 * 60_000;

async function readLexemeFrequencies(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{ lexeme: string; frequency: number }>(
    db,
    sql`SELECT common.lexeme, common.frequency
      FROM pg_stats stats, unnest(stats.most_common_elems::text::text[], stats.most_common_elem_freqs) AS common(lexeme, frequency)
      WHERE stats.schemaname = current_schema() AND stats.tablename = 'posts' AND stats.attname = 'search_document'
        AND common.lexeme IS NOT NULL`,
  );
  return new Map(rows.map((row) => [row.lexeme, Number(row.frequency)]));
}

const lexemeFrequencies = cachedPerDatabase(FREQUENCIES_TTL_MS, readLexemeFrequencies);

/**
 * The share of posts expected to match every one of `words` (lower-case, as typed, each a
 * prefix): per word, the summed frequency of the common lexemes it starts or that start it (a
 * stem: 'lakers' → laker); the words taken as independent. 0 when any word is not common.
 */
export async function estimatedShare(db: Database, words: string[], now = Date.now()): Promise<number> {
  if (words.length === 0) return 0;
  const lexemes = await lexemeFrequencies(db, now);
  let share = 1;
  for (const word of words) {
    let frequency = 0;
    // A lexeme is a stem ('lakers' → laker): a typed word a few letters longer than it is that word.
    for (const [lexeme, value] of lexemes)
      if (
        lexeme.startsWith(word) ||
        (lexeme.length >= 3 && word.startsWith(lexeme) && word.length - lexeme.length <= 3)
      )
        frequency += value;
    share *= Math.min(frequency, 1);
  }
  return share;
}
