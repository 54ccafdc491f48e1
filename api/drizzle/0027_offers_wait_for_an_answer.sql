ALTER TYPE "public"."offer_status" ADD VALUE 'caducada';--> statement-breakpoint
-- Closed unanswered because the order was paid or cancelled: nobody rejected it (decision 0038).
ALTER TYPE "public"."offer_status" ADD VALUE 'cerrada';--> statement-breakpoint
-- Offers made before this change get the default 24 hours from when they were made (decision 0038).
ALTER TABLE "offers" ADD COLUMN "expires_at" timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
UPDATE "offers" SET "expires_at" = "created_at" + interval '24 hours';--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "expires_at" DROP DEFAULT;
