CREATE TABLE "colours" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"swatch" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "colours_swatch_hex" CHECK ("colours"."swatch" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "size_guides" (
	"id" text PRIMARY KEY NOT NULL,
	"size_set_id" text,
	"category" text,
	"measurements" text[] NOT NULL,
	"rows" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_guides_one_subject" CHECK (("size_guides"."size_set_id" is null) <> ("size_guides"."category" is null))
);
--> statement-breakpoint
CREATE TABLE "size_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sizes" text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_sets_has_sizes" CHECK (cardinality("size_sets"."sizes") > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: the size sets and colours every store starts with (app/lib/catalog/catalog-constants.ts), before
-- products point at "Clothing", the set every existing product is moved to with the sizes it has (decision 0034).
INSERT INTO "size_sets" ("id", "name", "sizes", "is_default", "position") VALUES
	('clothing000001', 'Clothing', ARRAY['XS','S','M','L','XL','XXL'], true, 0),
	('shoeseu0000001', 'Shoes (EU)', ARRAY['36','37','38','39','40','41','42','43','44','45','46'], false, 1),
	('onesize0000001', 'One size', ARRAY['One size'], false, 2),
	('waist000000001', 'Waist', ARRAY['28','29','30','31','32','33','34','36','38','40'], false, 3);--> statement-breakpoint
INSERT INTO "colours" ("id", "name", "swatch", "position") VALUES
	('colourblack001', 'Black', '#111111', 0),
	('colourwhite001', 'White', '#f5f5f2', 1),
	('colourgray0001', 'Gray', '#8a8d91', 2),
	('colournavy0001', 'Navy', '#1f2a44', 3),
	('colourred00001', 'Red', '#b3262d', 4),
	('colourblue0001', 'Blue', '#2f5fa7', 5),
	('colourgreen001', 'Green', '#2f5d3a', 6),
	('colourbrown001', 'Brown', '#6b4a2f', 7);--> statement-breakpoint
-- Any other colour a product already names stays usable (grey swatch until the admin paints it).
INSERT INTO "colours" ("id", "name", "swatch", "position")
	SELECT substr(md5('colour:' || c.name), 1, 14), c.name, '#8a8d91', 8 + row_number() OVER (ORDER BY c.name)
	FROM (SELECT DISTINCT unnest("colors") AS name FROM "products") c
	WHERE c.name <> '' AND NOT EXISTS (SELECT 1 FROM "colours" k WHERE lower(k."name") = lower(c.name));--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Hand-written: a variant left without a SKU gets `{PRODUCT ID}-{SIZE}-{COLOUR}` (upper case, other characters as
-- dashes, a number added if that is taken), so every size x colour has one and the admin may edit it (decision 0034).
CREATE FUNCTION "product_variants_default_sku"() RETURNS trigger AS $$
DECLARE
	base text;
	candidate text;
	n integer := 1;
BEGIN
	IF NEW."sku" IS NOT NULL AND btrim(NEW."sku") <> '' THEN
		RETURN NEW;
	END IF;
	base := regexp_replace(
		upper(NEW."product_id" || '-' || coalesce(nullif(NEW."size", ''), 'NOSIZE') || '-' ||
			coalesce(nullif(NEW."color", ''), 'NOCOLOUR')),
		'[^A-Z0-9]+', '-', 'g');
	candidate := base;
	WHILE EXISTS (
		SELECT 1 FROM "product_variants" v
		WHERE lower(v."sku") = lower(candidate)
			AND NOT (v."product_id" = NEW."product_id" AND v."size" = NEW."size" AND v."color" = NEW."color")
	) LOOP
		n := n + 1;
		candidate := base || '-' || n;
	END LOOP;
	NEW."sku" := candidate;
	RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "product_variants_default_sku" BEFORE INSERT OR UPDATE OF "sku" ON "product_variants"
	FOR EACH ROW EXECUTE FUNCTION "product_variants_default_sku"();--> statement-breakpoint
-- Every size x colour a product sells gets its row (stock null: not tracked, as a missing row was), then its SKU.
INSERT INTO "product_variants" ("product_id", "size", "color", "stock")
	SELECT p."id", s.size, c.color, NULL
	FROM "products" p
	CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."sizes") = 0 THEN ARRAY[''] ELSE p."sizes" END) AS s(size)
	CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."colors") = 0 THEN ARRAY[''] ELSE p."colors" END) AS c(color)
	ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "product_variants" SET "sku" = '';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compare_at_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_set_id" text DEFAULT 'clothing000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "fit_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "exclude_sale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "size_guides" ADD CONSTRAINT "size_guides_size_set_id_size_sets_id_fk" FOREIGN KEY ("size_set_id") REFERENCES "public"."size_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "colours_name_idx" ON "colours" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "size_guides_size_set_idx" ON "size_guides" USING btree ("size_set_id") WHERE "size_guides"."size_set_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "size_guides_category_idx" ON "size_guides" USING btree ("category") WHERE "size_guides"."category" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "size_sets_name_idx" ON "size_sets" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "size_sets_one_default_idx" ON "size_sets" USING btree ("is_default") WHERE "size_sets"."is_default";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_set_id_size_sets_id_fk" FOREIGN KEY ("size_set_id") REFERENCES "public"."size_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "products_size_set_idx" ON "products" USING btree ("size_set_id");--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."compare_at_price" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_compare_at_above_price" CHECK ("products"."compare_at_price" is null or "products"."compare_at_price" > "products"."price");