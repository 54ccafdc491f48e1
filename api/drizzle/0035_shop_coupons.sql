ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_consistent";--> statement-breakpoint
ALTER TABLE "shop_orders" DROP CONSTRAINT "shop_orders_total_consistent";--> statement-breakpoint
DROP INDEX "cart_coupons_user_unique";--> statement-breakpoint
DROP INDEX "cart_coupons_guest_unique";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" DROP CONSTRAINT "coupon_redemptions_coupon_code_user_id_pk";--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_code_order_id_pk" PRIMARY KEY("coupon_code","order_id");--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_uses_per_customer" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "min_subtotal" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "shop_orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_coupons_user_shop_unique" ON "cart_coupons" USING btree ("user_id","shop_id") WHERE "cart_coupons"."user_id" is not null and "cart_coupons"."shop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_coupons_guest_shop_unique" ON "cart_coupons" USING btree ("guest_id","shop_id") WHERE "cart_coupons"."guest_id" is not null and "cart_coupons"."shop_id" is not null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("coupon_code","user_id");--> statement-breakpoint
CREATE INDEX "coupons_shop_idx" ON "coupons" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_coupons_user_unique" ON "cart_coupons" USING btree ("user_id") WHERE "cart_coupons"."user_id" is not null and "cart_coupons"."shop_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_coupons_guest_unique" ON "cart_coupons" USING btree ("guest_id") WHERE "cart_coupons"."guest_id" is not null and "cart_coupons"."shop_id" is null;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_per_customer_positive" CHECK ("coupons"."max_uses_per_customer" >= 1);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_min_subtotal_non_negative" CHECK ("coupons"."min_subtotal" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."shop_discount" >= 0 and "orders"."shipping_fee" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_consistent" CHECK ("orders"."total" = greatest("orders"."subtotal" - "orders"."shop_discount" - "orders"."discount", 0) + "orders"."shipping_fee");--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_discount_range" CHECK ("shop_orders"."discount" between 0 and "shop_orders"."subtotal");--> statement-breakpoint
ALTER TABLE "shop_orders" ADD CONSTRAINT "shop_orders_total_consistent" CHECK ("shop_orders"."total" = "shop_orders"."subtotal" - "shop_orders"."discount" + "shop_orders"."shipping_fee");