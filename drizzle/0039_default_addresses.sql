ALTER TABLE "addresses" ADD COLUMN "default_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "addresses" ADD COLUMN "default_billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_delivery" ON "addresses" USING btree ("user_id") WHERE "addresses"."default_delivery";--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_default_billing" ON "addresses" USING btree ("user_id") WHERE "addresses"."default_billing";