CREATE TABLE "order_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"staff_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount" CHECK ("order_payments"."amount_cents" > 0)
);
--> statement-breakpoint
-- What was received so far: the amount recorded by hand, else the whole total of an order paid (or refunded) before the ledger existed.
UPDATE "orders" SET "paid_amount_cents" = CASE WHEN "payment_status" IN ('paid', 'refunded') THEN coalesce("paid_amount_cents", "order_total_cents") ELSE 0 END;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_amount_cents" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_order" ON "order_payments" USING btree ("order_id","id");--> statement-breakpoint
-- The ledger of the orders paid or refunded before it existed: one payment, one refund.
INSERT INTO "order_payments" ("order_id", "kind", "amount_cents", "day", "channel", "created_at")
SELECT "id", 'payment', "paid_amount_cents", coalesce("paid_on", (coalesce("paid_at", "created_at") AT TIME ZONE 'Europe/Zagreb')::date),
  CASE "payment_gateway" WHEN 'card' THEN 'card' WHEN 'cashOnDelivery' THEN 'cash' ELSE 'bank' END, coalesce("paid_at", "created_at")
FROM "orders" WHERE "paid_amount_cents" > 0;--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "kind", "amount_cents", "day", "channel", "created_at")
SELECT "id", 'refund', "refunded_cents", (coalesce("cancelled_at", "returned_at", "updated_at") AT TIME ZONE 'Europe/Zagreb')::date,
  CASE "payment_gateway" WHEN 'card' THEN 'card' WHEN 'cashOnDelivery' THEN 'cash' ELSE 'bank' END, coalesce("cancelled_at", "returned_at", "updated_at")
FROM "orders" WHERE "refunded_cents" > 0;