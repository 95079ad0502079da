ALTER TABLE "carts" ADD COLUMN "held_by_staff_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "held_for" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_held_by_staff_id_users_id_fk" FOREIGN KEY ("held_by_staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_held_by_staff" ON "carts" USING btree ("held_by_staff_id");