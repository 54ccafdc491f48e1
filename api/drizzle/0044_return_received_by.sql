ALTER TABLE "order_returns" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "received_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;