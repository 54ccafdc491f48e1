CREATE TYPE "public"."shop_identity_change_status" AS ENUM('pendiente', 'aprobado', 'rechazado', 'retirado');--> statement-breakpoint
CREATE TABLE "shop_identity_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"name" text,
	"rif" text,
	"previous_name" text NOT NULL,
	"previous_rif" text NOT NULL,
	"reason" text,
	"status" "shop_identity_change_status" DEFAULT 'pendiente' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_identity_changes_something" CHECK ("shop_identity_changes"."name" is not null or "shop_identity_changes"."rif" is not null)
);
--> statement-breakpoint
ALTER TABLE "shop_identity_changes" ADD CONSTRAINT "shop_identity_changes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_identity_changes" ADD CONSTRAINT "shop_identity_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_identity_changes" ADD CONSTRAINT "shop_identity_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_identity_changes_shop_idx" ON "shop_identity_changes" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_identity_changes_pending_unique" ON "shop_identity_changes" USING btree ("shop_id") WHERE "shop_identity_changes"."status" = 'pendiente';--> statement-breakpoint
CREATE UNIQUE INDEX "shop_identity_changes_pending_rif_unique" ON "shop_identity_changes" USING btree ("rif") WHERE "shop_identity_changes"."status" = 'pendiente' and "shop_identity_changes"."rif" is not null;