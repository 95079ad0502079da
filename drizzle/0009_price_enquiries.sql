CREATE TABLE "price_enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"product_sku" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"locale" varchar(2) NOT NULL,
	"user_type" text NOT NULL,
	"consent_log_id" integer,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "price_enquiries" ADD CONSTRAINT "price_enquiries_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_enquiries" ADD CONSTRAINT "price_enquiries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_enquiries" ADD CONSTRAINT "price_enquiries_consent_log_id_consent_logs_id_fk" FOREIGN KEY ("consent_log_id") REFERENCES "public"."consent_logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_enquiries" ADD CONSTRAINT "price_enquiries_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_enquiries_email" ON "price_enquiries" USING btree ("email");--> statement-breakpoint
CREATE INDEX "price_enquiries_created" ON "price_enquiries" USING btree ("created_at");