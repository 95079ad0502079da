CREATE TABLE "page_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"language_code" varchar(3) NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"post_type" text DEFAULT 'page' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author" integer,
	CONSTRAINT "pages_status" CHECK ("pages"."status" in ('published', 'draft'))
);
--> statement-breakpoint
ALTER TABLE "page_translations" ADD CONSTRAINT "page_translations_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_translations" ADD CONSTRAINT "page_translations_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_author_users_id_fk" FOREIGN KEY ("author") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_translations_language_slug" ON "page_translations" USING btree ("language_code","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "page_translations_page_language" ON "page_translations" USING btree ("page_id","language_code");--> statement-breakpoint
CREATE INDEX "page_translations_slug" ON "page_translations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "pages_site_type_published" ON "pages" USING btree ("site_id","post_type","published_at");