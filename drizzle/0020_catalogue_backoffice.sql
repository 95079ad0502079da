CREATE TABLE "attribute_set_attributes" (
	"set_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "attribute_set_attributes_set_id_attribute_id_pk" PRIMARY KEY("set_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "attribute_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_filters" (
	"category_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	"filter_type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_filters_category_id_attribute_id_pk" PRIMARY KEY("category_id","attribute_id"),
	CONSTRAINT "category_filters_type" CHECK ("category_filters"."filter_type" in ('dropdown', 'numberField', 'multipleSelect', 'textSwatch', 'visualSwatch', 'yesNo', 'dateTime', 'date'))
);
--> statement-breakpoint
ALTER TABLE "attribute_values" ADD COLUMN "media_id" integer;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "media_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category_translations" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "category_translations" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "meta_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN "meta_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "attribute_set_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "per_customer_limit" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_branches" ADD COLUMN "kind" text DEFAULT 'pickup' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "attribute_set_attributes" ADD CONSTRAINT "attribute_set_attributes_set_id_attribute_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."attribute_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_set_attributes" ADD CONSTRAINT "attribute_set_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_sets" ADD CONSTRAINT "attribute_sets_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_filters" ADD CONSTRAINT "category_filters_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_filters" ADD CONSTRAINT "category_filters_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attribute_set_attributes_attribute" ON "attribute_set_attributes" USING btree ("attribute_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_sets_site_name" ON "attribute_sets" USING btree ("site_id","name");--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_attribute_set_id_attribute_sets_id_fk" FOREIGN KEY ("attribute_set_id") REFERENCES "public"."attribute_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits" CHECK (coalesce("coupons"."usage_limit", 1) > 0 and coalesce("coupons"."per_customer_limit", 1) > 0);--> statement-breakpoint
ALTER TABLE "delivery_branches" ADD CONSTRAINT "delivery_branches_kind" CHECK ("delivery_branches"."kind" in ('pickup', 'locker'));