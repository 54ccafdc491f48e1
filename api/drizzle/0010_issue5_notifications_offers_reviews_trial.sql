CREATE TYPE "public"."notification_type" AS ENUM('pedido', 'pago', 'oferta', 'tienda', 'retiro', 'resena', 'sistema');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('pendiente', 'aceptada', 'rechazada');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"message" text NOT NULL,
	"order_id" uuid,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"status" "offer_status" DEFAULT 'pendiente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "offers_price_positive" CHECK ("offers"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "trial_class_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trial_classes" (
	"class_date" date PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "trial_classes_booked_within_capacity" CHECK ("trial_classes"."booked" between 0 and "trial_classes"."capacity")
);
--> statement-breakpoint
ALTER TABLE "cart_coupons" DROP CONSTRAINT "cart_coupons_pkey";--> statement-breakpoint
ALTER TABLE "cart_coupons" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD COLUMN "guest_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_shop_order_id_shop_orders_id_fk" FOREIGN KEY ("shop_order_id") REFERENCES "public"."shop_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_class_bookings" ADD CONSTRAINT "trial_class_bookings_class_date_trial_classes_class_date_fk" FOREIGN KEY ("class_date") REFERENCES "public"."trial_classes"("class_date") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_class_bookings" ADD CONSTRAINT "trial_class_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_pending_per_shop_order" ON "offers" USING btree ("shop_order_id") WHERE "offers"."status" = 'pendiente';--> statement-breakpoint
CREATE INDEX "offers_customer_created_idx" ON "offers" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_unique" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "trial_class_bookings_date_user_unique" ON "trial_class_bookings" USING btree ("class_date","user_id");--> statement-breakpoint
CREATE INDEX "trial_class_bookings_user_idx" ON "trial_class_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_coupons_user_unique" ON "cart_coupons" USING btree ("user_id") WHERE "cart_coupons"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_coupons_guest_unique" ON "cart_coupons" USING btree ("guest_id") WHERE "cart_coupons"."guest_id" is not null;--> statement-breakpoint
CREATE INDEX "cart_coupons_created_at_idx" ON "cart_coupons" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_one_owner" CHECK (("cart_coupons"."user_id" is null) <> ("cart_coupons"."guest_id" is null));--> statement-breakpoint
-- Every committed notification is announced on the 'notifications' channel (payload: its id), so
-- each API instance pushes it to the user's socket.io room; a rolled-back event announces nothing.
CREATE FUNCTION announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications', NEW.id::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION announce_notification();
