-- Issue 31: files leave the database (decision 0036). Rows name their file by key, the SHA-256 of its
-- bytes in hex; the bytes wait in "files_to_move" until the API, at start, writes each one to its file
-- store and deletes it (moveFilesOutOfDatabase, api/src/files/housekeeping.ts), then drops the table.
-- SQL cannot write files; until that step has run, nothing is served (it runs before the API listens).
CREATE TABLE "files_to_move" (
	"file_key" text PRIMARY KEY NOT NULL,
	"data" bytea NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "image_variants" ADD COLUMN "size_bytes" integer;--> statement-breakpoint
UPDATE "image_variants" SET "file_key" = encode(sha256("data"), 'hex'), "size_bytes" = length("data");--> statement-breakpoint
INSERT INTO "files_to_move" ("file_key", "data")
  SELECT DISTINCT ON ("file_key") "file_key", "data" FROM "image_variants" ORDER BY "file_key"
  ON CONFLICT ("file_key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "image_variants" ALTER COLUMN "file_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" ALTER COLUMN "size_bytes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "image_variants" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_file_key_sha256" CHECK ("image_variants"."file_key" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
ALTER TABLE "shop_documents" ADD COLUMN "file_key" text;--> statement-breakpoint
UPDATE "shop_documents" SET "file_key" = encode(sha256("data"), 'hex');--> statement-breakpoint
INSERT INTO "files_to_move" ("file_key", "data")
  SELECT DISTINCT ON ("file_key") "file_key", "data" FROM "shop_documents" ORDER BY "file_key"
  ON CONFLICT ("file_key") DO NOTHING;--> statement-breakpoint
ALTER TABLE "shop_documents" ALTER COLUMN "file_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_documents" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "shop_documents" ADD CONSTRAINT "shop_documents_file_key_sha256" CHECK ("shop_documents"."file_key" ~ '^[0-9a-f]{64}$');--> statement-breakpoint
-- A new database has nothing to move.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "files_to_move") THEN
    DROP TABLE "files_to_move";
  END IF;
END $$;
