CREATE TYPE "public"."region" AS ENUM('es', 've', 'us');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "region" "region" DEFAULT 'es' NOT NULL;