CREATE TABLE "delivery_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"max_weight_g" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "delivery_rates_values" CHECK ("delivery_rates"."max_weight_g" > 0 and "delivery_rates"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_method_id" integer NOT NULL,
	"name" text NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_weight_g" integer;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "long_goods_from_mm" integer;--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD COLUMN "long_goods_surcharge_cents" integer;--> statement-breakpoint
ALTER TABLE "delivery_rates" ADD CONSTRAINT "delivery_rates_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_delivery_method_id_delivery_methods_id_fk" FOREIGN KEY ("delivery_method_id") REFERENCES "public"."delivery_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_rates_zone_weight" ON "delivery_rates" USING btree ("zone_id","max_weight_g");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_method_name" ON "delivery_zones" USING btree ("delivery_method_id","name");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_weight" CHECK ("products"."shipping_weight_g" is null or "products"."shipping_weight_g" >= 0);--> statement-breakpoint
ALTER TABLE "delivery_methods" ADD CONSTRAINT "delivery_methods_long_goods" CHECK (("delivery_methods"."long_goods_from_mm" is null) = ("delivery_methods"."long_goods_surcharge_cents" is null) and coalesce("delivery_methods"."long_goods_from_mm", 1) > 0 and coalesce("delivery_methods"."long_goods_surcharge_cents", 0) >= 0);