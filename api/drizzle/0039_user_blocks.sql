ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "block_suspended_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_blocked_with_reason" CHECK (("users"."blocked_at" is null) = ("users"."blocked_reason" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_block_suspended_shop_blocked" CHECK (not "users"."block_suspended_shop" or "users"."blocked_at" is not null);