CREATE TYPE "public"."product_state" AS ENUM('borrador', 'publicado', 'oculto');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "state" "product_state" DEFAULT 'publicado' NOT NULL;