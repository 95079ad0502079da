ALTER TABLE "product_custom_options" ADD COLUMN "is_length" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "length_mm" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "product_custom_options_one_length" ON "product_custom_options" USING btree ("product_id") WHERE "product_custom_options"."is_length";--> statement-breakpoint
ALTER TABLE "product_custom_options" ADD CONSTRAINT "product_custom_options_length" CHECK (not "product_custom_options"."is_length" or ("product_custom_options"."option_type" = 'number' and coalesce("product_custom_options"."unit" in ('mm', 'cm', 'm'), false)));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_unit" CHECK ("products"."price_unit" in ('piece', 'metre'));--> statement-breakpoint
-- A shop seeded before this migration: its cut-to-length sheet is sold per running metre
-- of the length its duljina option carries (a fresh database gets this from the seed).
UPDATE "products" SET "price_unit" = 'metre' WHERE "sku" = 'AK-TRP-T35-MJERA';--> statement-breakpoint
UPDATE "product_custom_options" SET "is_length" = true WHERE "code" = 'duljina' AND "option_type" = 'number' AND "unit" = 'mm' AND "product_id" IN (SELECT "id" FROM "products" WHERE "price_unit" = 'metre');
