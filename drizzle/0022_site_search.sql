CREATE TABLE "insight_searches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insight_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"visitor" text NOT NULL,
	"query" text NOT NULL,
	"results" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone,
	"vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, body), 'B')) STORED NOT NULL,
	"title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, title)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"source" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "insight_searches_at_idx" ON "insight_searches" USING btree ("at");--> statement-breakpoint
CREATE INDEX "insight_searches_visitor_at_idx" ON "insight_searches" USING btree ("visitor","at");--> statement-breakpoint
CREATE INDEX "search_documents_vector_idx" ON "search_documents" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "search_documents_source_idx" ON "search_documents" USING btree ("source");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Site search (docs/requirements/search.md, ADR 032). Text without the control characters that
-- mark a snippet's matches (U+0002, U+0003) or any other: what is searched and shown is plain.
CREATE FUNCTION search_plain(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(regexp_replace(coalesce(t, ''), '[\x01-\x1f\x7f]', ' ', 'g'), '\s+', ' ', 'g'))
$$;--> statement-breakpoint
-- A post's Markdown as the words a reader sees: the text of links and images, no tags, no line
-- markers (headings, quotes, list bullets), no emphasis or code marks.
CREATE FUNCTION search_markdown_text(md text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT search_plain(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(md, ''),
    '!?\[([^\]\n]*)\]\([^)\n]*\)', '\1', 'g'),
    '<[^>\n]*>', ' ', 'g'),
    '^[ \t]{0,3}(#{1,6}|>+|[-*+]|[0-9]+[.)])[ \t]+', '', 'gn'),
    '[*_`~|#>\\]+', ' ', 'g'))
$$;--> statement-breakpoint
-- A blog post's row of search_documents follows the post in the same transaction: written while it
-- is published (found once its publication time has come: the query compares published_at with
-- now()), deleted when it is unpublished or deleted. An update of the stored HTML alone changes nothing.
CREATE FUNCTION search_post_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE key = 'post/' || OLD.id;
    RETURN NULL;
  END IF;
  IF NEW.status = 'published' AND NEW.publish_at IS NOT NULL THEN
    INSERT INTO search_documents (key, source, kind, url, title, body, published_at)
    VALUES ('post/' || NEW.id, 'blog', 'post', '/blog/' || NEW.slug, search_plain(NEW.title),
      search_plain(NEW.summary || ' ' || array_to_string(NEW.tags, ' ')) || ' ' || search_markdown_text(NEW.body), NEW.publish_at)
    ON CONFLICT (key) DO UPDATE SET url = EXCLUDED.url, title = EXCLUDED.title, body = EXCLUDED.body, published_at = EXCLUDED.published_at;
  ELSE
    DELETE FROM search_documents WHERE key = 'post/' || NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER blog_posts_search AFTER INSERT OR DELETE OR UPDATE OF title, slug, summary, body, tags, status, publish_at ON blog_posts
  FOR EACH ROW EXECUTE FUNCTION search_post_changed();--> statement-breakpoint
-- The words of new or changed rows go into search_words, but the stop words ("the", "and": never
-- searched) (sorted: two writers that add the same
-- words take their locks in one order and never deadlock).
CREATE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM changed_rows, unnest(tsvector_to_array(to_tsvector('simple'::regconfig, changed_rows.title || ' ' || changed_rows.body))) AS w
  WHERE w ~ '^[a-z]{3,30}$' AND ts_lexize('english_stem'::regdictionary, w) <> '{}'::text[]
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER search_documents_words_insert AFTER INSERT ON search_documents REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
CREATE TRIGGER search_documents_words_update AFTER UPDATE ON search_documents REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_add();--> statement-breakpoint
-- The posts published before this migration.
INSERT INTO search_documents (key, source, kind, url, title, body, published_at)
SELECT 'post/' || id, 'blog', 'post', '/blog/' || slug, search_plain(title),
  search_plain(summary || ' ' || array_to_string(tags, ' ')) || ' ' || search_markdown_text(body), publish_at
FROM blog_posts WHERE status = 'published' AND publish_at IS NOT NULL;
