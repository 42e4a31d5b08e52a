-- A name's word pairs by month (docs/decisions/012a-search-at-a-million-history.md, "Fourth pass"). The pairs
-- index (migration 0011) found a rare pair's listings in one short list, but the page needs the newest 24 of them,
-- and only the rows know their dates: "brass bear", in 500 names of a million, read 500 table pages for 24. Each
-- pair is now indexed with the month its listing was created in ("bear brass 692"), so a search reads the pair's
-- newest month first and goes back a month at a time until the page is full: about a month of matches read.
-- A month is 30 days of epoch time (time-zone free, so the function is immutable). An index's functions run with
-- only pg_catalog on the search path (PostgreSQL 17), so og_name_pairs_by_month computes its month itself.
CREATE OR REPLACE FUNCTION og_month(t timestamptz) RETURNS int
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM t) / 2592000)::int
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION og_name_pairs_by_month(v tsvector, t timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array(
    SELECT a || ' ' || b || ' ' || floor(extract(epoch FROM t) / 2592000)::int
    FROM unnest(tsvector_to_array(v)) AS a, unnest(tsvector_to_array(v)) AS b WHERE a < b))
$$;--> statement-breakpoint
-- A pair as one quoted lexeme of a tsquery, with its month when there is one ("'bear brass 692'").
CREATE OR REPLACE FUNCTION og_pair_lexeme(a text, b text, month int) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT '''' || replace(replace(least(a, b) || ' ' || greatest(a, b) || coalesce(' ' || month, ''), '\', '\\'), '''', '''''') || ''''
$$;--> statement-breakpoint
-- og_name_pairs_query (migration 0011, which this replaces) for one month; month NULL: the pairs themselves. A spelling may now hold
-- several lexemes ("mid-century": mid-centuri, mid, centuri): two spellings then give every pair of one's lexeme
-- with the other's, a lexeme with itself left out (the other pairs still require it). NULL when two spellings
-- have no pair of different lexemes, or there are fewer than two groups.
CREATE OR REPLACE FUNCTION og_name_pairs_query(groups text[], month int) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  grp text;
  spelling text;
  lexemes text;
  previous text[];
  current text[];
  parts text[] := '{}';
  alternatives text[];
  together text[];
  s text;
  t text;
  a text;
  b text;
BEGIN
  IF groups IS NULL THEN RETURN NULL; END IF;
  FOREACH grp IN ARRAY groups LOOP
    -- Each spelling as its lexemes, separated by spaces (a lexeme holds none).
    current := '{}';
    FOREACH spelling IN ARRAY string_to_array(grp, ' ') LOOP
      lexemes := array_to_string(tsvector_to_array(to_tsvector('english', spelling)), ' ');
      IF lexemes <> '' AND NOT (lexemes = ANY (current)) THEN current := current || lexemes; END IF;
    END LOOP;
    CONTINUE WHEN cardinality(current) = 0;
    IF previous IS NOT NULL THEN
      alternatives := '{}';
      FOREACH s IN ARRAY previous LOOP
        FOREACH t IN ARRAY current LOOP
          together := '{}';
          FOREACH a IN ARRAY string_to_array(s, ' ') LOOP
            FOREACH b IN ARRAY string_to_array(t, ' ') LOOP
              IF a <> b THEN together := together || og_pair_lexeme(a, b, month); END IF;
            END LOOP;
          END LOOP;
          IF cardinality(together) = 0 THEN RETURN NULL; END IF;
          alternatives := alternatives || ('(' || array_to_string(together, ' & ') || ')');
        END LOOP;
      END LOOP;
      parts := parts || ('(' || array_to_string(alternatives, ' | ') || ')');
    END IF;
    previous := current;
  END LOOP;
  IF cardinality(parts) = 0 THEN RETURN NULL; END IF;
  RETURN array_to_string(parts, ' & ')::tsquery;
END
$$;--> statement-breakpoint
-- The pairs a web search's tsquery requires, for one month (month NULL: the pairs themselves): its distinct
-- lexemes, each paired with the next. Only for a query of & and <-> (every lexeme required); else NULL, as for
-- fewer than two lexemes. The pairs may say less than the query (not a phrase's order): the caller still tests
-- the query itself on the listings they find.
CREATE OR REPLACE FUNCTION og_query_pairs(q tsquery, month int) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  lexemes text[];
  parts text[] := '{}';
BEGIN
  IF q IS NULL OR q::text ~ '[|!\\]' THEN RETURN NULL; END IF;
  lexemes := array(SELECT DISTINCT replace(m[1], '''''', '''') FROM regexp_matches(q::text, '''((?:[^'']|'''')*)''', 'g') AS m);
  FOR i IN 2 .. coalesce(cardinality(lexemes), 0) LOOP
    parts := parts || og_pair_lexeme(lexemes[i - 1], lexemes[i], month);
  END LOOP;
  IF cardinality(parts) = 0 THEN RETURN NULL; END IF;
  RETURN array_to_string(parts, ' & ')::tsquery;
END
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_pairs_by_month_idx" ON "products" USING gin (og_name_pairs_by_month("name_search", "created_at"));--> statement-breakpoint
DROP INDEX IF EXISTS "products_name_pairs_idx";--> statement-breakpoint
-- Migration 0011's pairs without months, and its one-argument query, have no caller left.
DROP FUNCTION IF EXISTS og_name_pairs(tsvector);--> statement-breakpoint
DROP FUNCTION IF EXISTS og_name_pairs_query(text[]);
