CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"drive_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"extension" text NOT NULL,
	"size" integer NOT NULL,
	"hash" text NOT NULL,
	"width" integer,
	"height" integer,
	"access" text DEFAULT 'public' NOT NULL,
	"original_name" text NOT NULL,
	"alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_drive_id_unique" UNIQUE("drive_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"value" text NOT NULL,
	"label" jsonb NOT NULL,
	"swatch" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"label" jsonb NOT NULL,
	"unit" text,
	"is_filterable" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attributes_type" CHECK ("attributes"."type" in ('dropdown', 'numberField', 'multipleSelect', 'textSwatch', 'visualSwatch', 'yesNo', 'dateTime', 'date'))
);
--> statement-breakpoint
CREATE TABLE "bundle_items" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id"),
	CONSTRAINT "bundle_items_quantity" CHECK ("bundle_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"sort_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_default_type" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_sort_default_type" CHECK ("categories"."sort_default_type" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "category_translations_category_id_language_code_pk" PRIMARY KEY("category_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "product_attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"value_id" integer,
	"number_value" numeric,
	"bool_value" boolean,
	"date_value" date,
	"date_time_value" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_configurable_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_configurable_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_cross_sells" (
	"product_id" integer NOT NULL,
	"cross_sell_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_cross_sells_product_id_cross_sell_id_pk" PRIMARY KEY("product_id","cross_sell_id")
);
--> statement-breakpoint
CREATE TABLE "product_custom_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"option_type" text NOT NULL,
	"code" text NOT NULL,
	"label" jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"min_value" numeric,
	"max_value" numeric,
	"unit" text,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_custom_options_type" CHECK ("product_custom_options"."option_type" in ('text', 'number'))
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"product_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "product_media_product_id_media_id_pk" PRIMARY KEY("product_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_translations_product_id_language_code_pk" PRIMARY KEY("product_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"format" text DEFAULT 'simple' NOT NULL,
	"type" text DEFAULT 'product' NOT NULL,
	"sku" text NOT NULL,
	"parent_id" integer,
	"is_visible_individually" boolean DEFAULT true NOT NULL,
	"is_default_variant" boolean DEFAULT false NOT NULL,
	"retail_price_cents" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"membership_price_cents" integer,
	"tax_rate_bp" integer DEFAULT 2500 NOT NULL,
	"category_priority" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0,
	"archived" boolean DEFAULT false NOT NULL,
	"e_product_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_format" CHECK ("products"."format" in ('simple', 'e-product', 'configurable', 'bundle')),
	CONSTRAINT "products_type" CHECK ("products"."type" in ('product', 'service')),
	CONSTRAINT "products_prices" CHECK ("products"."price_cents" >= 0 and "products"."retail_price_cents" >= 0 and "products"."membership_price_cents" >= 0),
	CONSTRAINT "products_e_product_url" CHECK ("products"."e_product_url" is null or "products"."format" = 'e-product')
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD CONSTRAINT "product_attribute_values_value_id_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."attribute_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurable_attributes" ADD CONSTRAINT "product_configurable_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurable_attributes" ADD CONSTRAINT "product_configurable_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cross_sells" ADD CONSTRAINT "product_cross_sells_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_cross_sells" ADD CONSTRAINT "product_cross_sells_cross_sell_id_products_id_fk" FOREIGN KEY ("cross_sell_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_options" ADD CONSTRAINT "product_custom_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_attribute_value" ON "attribute_values" USING btree ("attribute_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_site_code" ON "attributes" USING btree ("site_id","code");--> statement-breakpoint
CREATE INDEX "bundle_items_product" ON "bundle_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "categories_site_parent_position" ON "categories" USING btree ("site_id","parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "category_translations_language_slug" ON "category_translations" USING btree ("language_code","slug");--> statement-breakpoint
CREATE INDEX "product_attribute_values_product" ON "product_attribute_values" USING btree ("product_id","attribute_id");--> statement-breakpoint
CREATE INDEX "product_attribute_values_value" ON "product_attribute_values" USING btree ("attribute_id","value_id","product_id");--> statement-breakpoint
CREATE INDEX "product_attribute_values_number" ON "product_attribute_values" USING btree ("attribute_id","number_value");--> statement-breakpoint
CREATE INDEX "product_attribute_values_date" ON "product_attribute_values" USING btree ("attribute_id","date_value");--> statement-breakpoint
CREATE INDEX "product_categories_category_position" ON "product_categories" USING btree ("category_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_custom_options_product_code" ON "product_custom_options" USING btree ("product_id","code");--> statement-breakpoint
CREATE INDEX "product_media_media" ON "product_media" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_media_one_default" ON "product_media" USING btree ("product_id") WHERE "product_media"."is_default";--> statement-breakpoint
CREATE INDEX "product_tags_tag" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_translations_language_slug" ON "product_translations" USING btree ("language_code","slug");--> statement-breakpoint
CREATE INDEX "products_parent" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_site_listing" ON "products" USING btree ("site_id","archived","is_visible_individually");--> statement-breakpoint
CREATE UNIQUE INDEX "products_one_default_variant" ON "products" USING btree ("parent_id") WHERE "products"."is_default_variant";--> statement-breakpoint
CREATE UNIQUE INDEX "tags_site_name" ON "tags" USING btree ("site_id","name");