CREATE TABLE "delivery_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_method_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"row_cents" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"options" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_numbers" (
	"site_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"slug" text NOT NULL,
	"cart_id" integer,
	"user_id" integer,
	"email" text NOT NULL,
	"locale" varchar(2) NOT NULL,
	"currency_label" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_method_id" integer,
	"payment_gateway" text NOT NULL,
	"payment_method_name" text NOT NULL,
	"delivery_method_id" integer,
	"delivery_method_name" text NOT NULL,
	"delivery_branch_name" text,
	"delivery_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"coupon_code" text,
	"member_card_barcode" text,
	"instructions" text DEFAULT '' NOT NULL,
	"items_total_cents" integer NOT NULL,
	"coupon_cents" integer DEFAULT 0 NOT NULL,
	"loyalty_cents" integer DEFAULT 0 NOT NULL,
	"delivery_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer NOT NULL,
	"order_total_cents" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total" CHECK ("orders"."order_total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"provider_reference" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"gateway" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_branch_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "description" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_branches" ADD CONSTRAINT "delivery_branches_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_products_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_numbers" ADD CONSTRAINT "order_numbers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_branches_method" ON "delivery_branches" USING btree ("delivery_method_id","position");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_numbers_site_year" ON "order_numbers" USING btree ("site_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_site_slug" ON "orders" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_order" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_reference" ON "payment_events" USING btree ("gateway","provider_reference","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_site_code" ON "payment_methods" USING btree ("site_id","code");