ALTER TABLE "form_submissions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "confirmation" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_confirm_token" ON "form_submissions" USING btree ("confirm_token_hash");