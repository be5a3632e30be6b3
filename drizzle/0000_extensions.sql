-- drizzle-kit never writes extensions; trigram indexes below need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
