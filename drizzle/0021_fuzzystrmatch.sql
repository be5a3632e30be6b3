-- Edit distance (levenshtein) for searching experts by a misspelt name: 'gridrion' finds GridironGuru.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
