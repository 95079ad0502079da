CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"iso" varchar(2) NOT NULL,
	"code" varchar(3) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "countries_iso_unique" UNIQUE("iso")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" integer PRIMARY KEY NOT NULL,
	"label" varchar(3) NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "currencies_label_unique" UNIQUE("label")
);
--> statement-breakpoint
CREATE TABLE "failed_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failed_requests_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" varchar(3) NOT NULL,
	"code2" varchar(2) DEFAULT '' NOT NULL,
	"name_hrv" text NOT NULL,
	"name_eng" text NOT NULL,
	"name_ger" text NOT NULL,
	"name_srp" text NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"navigation_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"label" jsonb NOT NULL,
	"link_type" text NOT NULL,
	"target" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "navigations" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb
);
--> statement-breakpoint
CREATE TABLE "page_elements" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"title" text NOT NULL,
	"handler" text NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"type" text DEFAULT 'static-element' NOT NULL,
	"slug" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mobile_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mobile_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"status" integer DEFAULT 301 NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path")
);
--> statement-breakpoint
CREATE TABLE "site_languages" (
	"site_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"default_language_id" integer NOT NULL,
	"main_currency_id" integer NOT NULL,
	"cart_addition_behaviour" integer DEFAULT 0 NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"social_login_enabled" boolean DEFAULT false NOT NULL,
	"forced_domain" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"language_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"checkout_settings" jsonb NOT NULL,
	"loyalty" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"member_card_barcode" text,
	"is_backoffice_user" boolean DEFAULT false NOT NULL,
	"scope" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_guest" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"backoffice_language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"assigned_to" text NOT NULL,
	"consents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_consents" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"status_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"source_type" text NOT NULL,
	"consents" jsonb NOT NULL,
	"user_type" text NOT NULL,
	"email" text
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"unique_number" integer NOT NULL,
	"display_name" jsonb NOT NULL,
	"page_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "navigation_items" ADD CONSTRAINT "navigation_items_navigation_id_navigations_id_fk" FOREIGN KEY ("navigation_id") REFERENCES "public"."navigations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigations" ADD CONSTRAINT "navigations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_elements" ADD CONSTRAINT "page_elements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_languages" ADD CONSTRAINT "site_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_default_language_id_languages_id_fk" FOREIGN KEY ("default_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_main_currency_id_currencies_id_fk" FOREIGN KEY ("main_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_assignments" ADD CONSTRAINT "consent_assignments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_logs" ADD CONSTRAINT "consent_logs_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "navigations_site_handle" ON "navigations" USING btree ("site_id","handle");--> statement-breakpoint
CREATE UNIQUE INDEX "options_site_key" ON "options" USING btree ("site_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "page_elements_site_handler_lang" ON "page_elements" USING btree ("site_id","handler","language_code");--> statement-breakpoint
CREATE UNIQUE INDEX "site_languages_site_language" ON "site_languages" USING btree ("site_id","language_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_site_email" ON "users" USING btree ("site_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_assignments_site_kind" ON "consent_assignments" USING btree ("site_id","assigned_to");--> statement-breakpoint
CREATE INDEX "consent_logs_email" ON "consent_logs" USING btree ("email");--> statement-breakpoint
CREATE INDEX "consent_logs_source" ON "consent_logs" USING btree ("source_type");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_site_unique_number" ON "consents" USING btree ("site_id","unique_number");