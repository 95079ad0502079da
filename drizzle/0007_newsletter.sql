CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"locale" varchar(2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"token_hash" text,
	CONSTRAINT "newsletter_subscribers_status" CHECK ("newsletter_subscribers"."status" in ('subscribed', 'pending'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_site_email" ON "newsletter_subscribers" USING btree ("site_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_hash" ON "newsletter_subscribers" USING btree ("token_hash");