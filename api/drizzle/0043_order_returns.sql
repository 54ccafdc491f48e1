CREATE TYPE "public"."return_status" AS ENUM('solicitada', 'aceptada', 'rechazada', 'reembolsada');--> statement-breakpoint
CREATE TABLE "order_return_lines" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_return_lines_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "order_return_lines_quantity_positive" CHECK ("order_return_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" "return_status" DEFAULT 'solicitada' NOT NULL,
	"reason" text NOT NULL,
	"instructions" text,
	"refusal" text,
	"answered_by" uuid,
	"answered_by_admin" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refund" integer,
	"refund_shipping" integer,
	"refund_method" "payment_method",
	"refund_reference" text,
	"seller_reversal" integer,
	"commission_reversal" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_refund_non_negative" CHECK (coalesce("order_returns"."refund", 0) >= 0 and coalesce("order_returns"."refund_shipping", 0) >= 0 and coalesce("order_returns"."seller_reversal", 0) >= 0 and coalesce("order_returns"."commission_reversal", 0) >= 0),
	CONSTRAINT "order_returns_refunded_complete" CHECK (("order_returns"."status" = 'reembolsada') = ("order_returns"."refund" is not null and "order_returns"."refund_method" is not null and "order_returns"."seller_reversal" is not null and "order_returns"."received_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_shop_order_id_shop_orders_id_fk" FOREIGN KEY ("shop_order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_item_idx" ON "order_return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_one_open_per_part" ON "order_returns" USING btree ("shop_order_id") WHERE "order_returns"."status" in ('solicitada', 'aceptada');--> statement-breakpoint
CREATE INDEX "order_returns_shop_order_idx" ON "order_returns" USING btree ("shop_order_id","created_at");