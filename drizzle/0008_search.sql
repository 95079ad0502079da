-- Search (issue 3 §4): diacritics-insensitive prefix full-text search that runs the same on
-- PGlite and PostgreSQL. Drizzle cannot express these functions and expression indexes, so
-- they live here only; app/modules/search/search-sql.server.ts must use the very same
-- expressions or the planner will not use the indexes.
--
-- unaccent() is only STABLE (its dictionary could change), so it cannot appear in an index.
-- This wrapper names function and dictionary by schema (safe with any search_path, e.g.
-- during pg_restore) and promises immutability: we never edit the unaccent rules.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The searchable form of a text: unaccented, lower case, hyphens and slashes as spaces so
-- that "T-35" and "Klik-Fix" give the words "t 35" and "klik fix" (the parser would read
-- "-35" as a negative number).
CREATE OR REPLACE FUNCTION public.f_search_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.f_unaccent(translate($1, '-–/', '   '))) $$;
--> statement-breakpoint
-- A document: the title weighs more (A) than the body (B). The body may be HTML: tags are
-- removed first, so tag and attribute names never become words.
CREATE OR REPLACE FUNCTION public.f_search_vector(title text, body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple'::regconfig, public.f_search_text(coalesce(title, ''))), 'A')
      || setweight(to_tsvector('simple'::regconfig, public.f_search_text(regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g'))), 'B')
  $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_translations_search" ON "product_translations" USING gin (public.f_search_vector("name", "short_description"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "category_translations_search" ON "category_translations" USING gin (public.f_search_vector("name", "title"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "page_translations_search" ON "page_translations" USING gin (public.f_search_vector("title", "body_html"));
--> statement-breakpoint
-- Misspelt words: trigram word similarity on the names and titles, used when the full-text
-- search finds nothing.
CREATE INDEX IF NOT EXISTS "product_translations_name_trgm" ON "product_translations" USING gin (public.f_search_text("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "category_translations_name_trgm" ON "category_translations" USING gin (public.f_search_text("name") public.gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "page_translations_title_trgm" ON "page_translations" USING gin (public.f_search_text("title") public.gin_trgm_ops);
--> statement-breakpoint
-- A shopper may type the beginning of a SKU ("AK-OLK-PK125").
CREATE INDEX IF NOT EXISTS "products_sku_prefix" ON "products" (lower("sku") text_pattern_ops);
