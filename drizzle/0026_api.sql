CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'integration' NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"public_token" text,
	"rate_limit" integer DEFAULT 120 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_refresh_tokens" ADD CONSTRAINT "api_refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_refresh_tokens" ADD CONSTRAINT "api_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_hash" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_refresh_tokens_hash" ON "api_refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_refresh_tokens_family" ON "api_refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE INDEX "api_refresh_tokens_expires" ON "api_refresh_tokens" USING btree ("expires_at");