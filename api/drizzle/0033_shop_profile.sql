ALTER TABLE "shops" ADD COLUMN "logo_image_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "banner_image_id" uuid;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "return_policy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "shipping_policy" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "vacation_until" date;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "vacation_note" text;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_banner_image_id_images_id_fk" FOREIGN KEY ("banner_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_profile_lengths" CHECK (char_length("shops"."description") <= 2000 and char_length("shops"."return_policy") <= 2000 and char_length("shops"."shipping_policy") <= 2000 and char_length(coalesce("shops"."vacation_note", '')) <= 300);