CREATE TABLE "shop_request_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resubmitted_at" timestamp with time zone,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "shop_request_corrections" ADD CONSTRAINT "shop_request_corrections_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_request_corrections" ADD CONSTRAINT "shop_request_corrections_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_request_corrections_shop_idx" ON "shop_request_corrections" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_request_corrections_open_unique" ON "shop_request_corrections" USING btree ("shop_id") WHERE "shop_request_corrections"."resubmitted_at" is null;