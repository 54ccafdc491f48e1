ALTER TABLE "shops" ADD COLUMN "shipping_fee" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "free_shipping_from" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_shipping_fee_range" CHECK ("shops"."shipping_fee" is null or "shops"."shipping_fee" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_free_shipping_with_fee" CHECK ("shops"."free_shipping_from" is null or ("shops"."shipping_fee" is not null and "shops"."free_shipping_from" between 1 and 10000000));