CREATE TABLE "price_change_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"change" jsonb NOT NULL,
	"products" jsonb NOT NULL,
	"product_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_email" text,
	"undo_result" jsonb
);
--> statement-breakpoint
ALTER TABLE "price_change_batches" ADD CONSTRAINT "price_change_batches_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_change_batches_site_created" ON "price_change_batches" USING btree ("site_id","created_at");