-- Trigram matching powers the typo-tolerant product search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
