CREATE TABLE "document_numbers" (
	"site_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"operator_name" text,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_numbers_site_kind_year" ON "document_numbers" USING btree ("site_id","kind","year");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_order_kind" ON "issued_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_number" ON "issued_documents" USING btree ("site_id","kind","year","sequence");--> statement-breakpoint
CREATE INDEX "issued_documents_site_issued" ON "issued_documents" USING btree ("site_id","issued_at");--> statement-breakpoint
-- An issued document is frozen (decision 0104): what it prints, its number and its moment
-- never change, whatever code runs later. Only operator_id may still become null when
-- that backoffice user is deleted (its name stays in operator_name).
CREATE OR REPLACE FUNCTION public.f_issued_documents_frozen() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'issued documents cannot be changed'; END $$;
--> statement-breakpoint
CREATE TRIGGER "issued_documents_frozen" BEFORE UPDATE OF "kind", "number", "year", "sequence", "issued_at", "order_id", "operator_name", "snapshot" ON "issued_documents"
  FOR EACH ROW EXECUTE FUNCTION public.f_issued_documents_frozen();
--> statement-breakpoint
CREATE TRIGGER "issued_documents_kept" BEFORE DELETE ON "issued_documents"
  FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION public.f_issued_documents_frozen();
