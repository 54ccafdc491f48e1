ALTER TABLE "products" ADD COLUMN "admin_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "admin_hidden_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_requested_at" timestamp with time zone;