CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "cart_items_one_owner" CHECK (("cart_items"."user_id" is null) <> ("cart_items"."guest_id" is null)),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "compare_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_items_one_owner" CHECK (("compare_items"."user_id" is null) <> ("compare_items"."guest_id" is null))
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"guest_id" uuid,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_one_owner" CHECK (("wishlist_items"."user_id" is null) <> ("wishlist_items"."guest_id" is null))
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_items" ADD CONSTRAINT "compare_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_items" ADD CONSTRAINT "compare_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_line_unique" ON "cart_items" USING btree ("user_id","product_id","size") WHERE "cart_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_line_unique" ON "cart_items" USING btree ("guest_id","product_id","size") WHERE "cart_items"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "cart_items_created_at_idx" ON "cart_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compare_items_user_product_unique" ON "compare_items" USING btree ("user_id","product_id") WHERE "compare_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "compare_items_guest_product_unique" ON "compare_items" USING btree ("guest_id","product_id") WHERE "compare_items"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "compare_items_created_at_idx" ON "compare_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_user_product_unique" ON "wishlist_items" USING btree ("user_id","product_id") WHERE "wishlist_items"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_guest_product_unique" ON "wishlist_items" USING btree ("guest_id","product_id") WHERE "wishlist_items"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "wishlist_items_created_at_idx" ON "wishlist_items" USING btree ("created_at");