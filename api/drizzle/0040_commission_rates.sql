CREATE TABLE "commission_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid,
	"category_id" uuid,
	"rate_bp" integer NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_one_scope" CHECK ("commission_rates"."shop_id" is null or "commission_rates"."category_id" is null),
	CONSTRAINT "commission_rates_rate_range" CHECK ("commission_rates"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "commission_bp" integer;--> statement-breakpoint
-- Lines placed before rates per line: every line of a part was charged the part's one rate, which its
-- commission and sale amount tell (rounded to a basis point). A part sold for nothing took no
-- commission: its lines get the store's default of the time, 5 %.
UPDATE "order_items" SET "commission_bp" = CASE
  WHEN so."subtotal" - so."discount" > 0
    THEN least(10000, greatest(0, round(so."commission" * 10000.0 / (so."subtotal" - so."discount"))))::integer
  ELSE 500 END
FROM "shop_orders" so WHERE so."id" = "order_items"."shop_order_id";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "commission_bp" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_shop_unique" ON "commission_rates" USING btree ("shop_id") WHERE "commission_rates"."shop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_category_unique" ON "commission_rates" USING btree ("category_id") WHERE "commission_rates"."category_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rates_store_unique" ON "commission_rates" USING btree ((true)) WHERE "commission_rates"."shop_id" is null and "commission_rates"."category_id" is null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_commission_bp_range" CHECK ("order_items"."commission_bp" between 0 and 10000);