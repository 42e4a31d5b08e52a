-- A name's words in pairs (docs/decisions/012a-search-at-a-million-history.md, "Third pass"). A two-word search
-- ("brass lamp") probed the name index for each word and intersected the two lists: the word in one listing in
-- 24 cost most of the probe (about 2 ms of 4 at a million listings). Each pair of a name's distinct words is one
-- entry of its own index ("brass lamp" for "Victorian brass lamp"), so the same probe reads one short list.
-- A name of n distinct words gives n(n-1)/2 pairs (names are at most 120 characters).
CREATE OR REPLACE FUNCTION og_name_pairs(v tsvector) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT array_to_tsvector(array(
    SELECT a || ' ' || b FROM unnest(tsvector_to_array(v)) AS a, unnest(tsvector_to_array(v)) AS b WHERE a < b))
$$;--> statement-breakpoint
-- The pairs a search of plain words needs: groups holds, per query word, its spellings separated by spaces
-- ("clasic classic", "saddle"); each spelling must be one lexeme (a stop word is dropped, as plainto_tsquery
-- drops it). Consecutive groups are paired, so every group takes part: ('classic saddle' | 'clasic saddle').
-- NULL when the pairs cannot say the same (a spelling of several lexemes, a word repeated, fewer than two
-- groups): the caller then tests the words as before.
CREATE OR REPLACE FUNCTION og_name_pairs_query(groups text[]) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  grp text;
  spelling text;
  lexemes text[];
  previous text[];
  current text[];
  parts text[] := '{}';
  alternatives text[];
  a text;
  b text;
BEGIN
  FOREACH grp IN ARRAY groups LOOP
    current := '{}';
    FOREACH spelling IN ARRAY string_to_array(grp, ' ') LOOP
      lexemes := tsvector_to_array(to_tsvector('english', spelling));
      IF cardinality(lexemes) > 1 THEN RETURN NULL; END IF;
      IF cardinality(lexemes) = 1 AND NOT (lexemes[1] = ANY (current)) THEN current := current || lexemes[1]; END IF;
    END LOOP;
    CONTINUE WHEN cardinality(current) = 0;
    IF previous IS NOT NULL THEN
      alternatives := '{}';
      FOREACH a IN ARRAY previous LOOP
        FOREACH b IN ARRAY current LOOP
          IF a = b THEN RETURN NULL; END IF;
          alternatives := alternatives || ('''' || replace(replace(least(a, b) || ' ' || greatest(a, b), '\', '\\'), '''', '''''') || '''');
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
CREATE INDEX IF NOT EXISTS "products_name_pairs_idx" ON "products" USING gin (og_name_pairs("name_search"));
