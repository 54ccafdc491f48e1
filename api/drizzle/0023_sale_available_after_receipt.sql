ALTER TABLE "shop_orders" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
-- Issue 31: a sale is available some days after the customer confirms receipt, or some days after it was
-- shipped (decision 0034). Before the rule the seller's delivery was final and started the wait; those parts
-- count as received then, so no money already available becomes pending again.
UPDATE "shop_orders" SET "received_at" = "delivered_at" WHERE "delivered_at" IS NOT NULL;
