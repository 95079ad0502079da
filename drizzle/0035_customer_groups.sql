CREATE TABLE "customer_group_prices" (
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "customer_group_prices_group_id_product_id_pk" PRIMARY KEY("group_id","product_id"),
	CONSTRAINT "customer_group_prices_price" CHECK ("customer_group_prices"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_discount" CHECK ("customer_groups"."discount_bp" between 0 and 9000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "customer_group_id" integer;--> statement-breakpoint
ALTER TABLE "customer_group_prices" ADD CONSTRAINT "customer_group_prices_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_prices" ADD CONSTRAINT "customer_group_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_group_id_customer_groups_id_fk" FOREIGN KEY ("customer_group_id") REFERENCES "public"."customer_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_customer_group" ON "users" USING btree ("customer_group_id");