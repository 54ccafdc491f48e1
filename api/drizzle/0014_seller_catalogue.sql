CREATE TYPE "public"."spec_sheet_kind" AS ENUM('pala', 'zapatilla');--> statement-breakpoint
CREATE TYPE "public"."stock_movement_kind" AS ENUM('venta', 'ajuste', 'devolucion', 'caducidad');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'stock' BEFORE 'sistema';--> statement-breakpoint
CREATE TABLE "product_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"kind" "stock_movement_kind" NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_shop_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "spec_sheet" "spec_sheet_kind";--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "low_stock_notified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_notified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_slug_history" ADD CONSTRAINT "product_slug_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_slug_history_product_idx" ON "product_slug_history" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_one_waiting" ON "stock_alerts" USING btree ("product_id","size","user_id") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id","size") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_movements_product_created_idx" ON "stock_movements" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_shop_created_at_idx" ON "products" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_non_negative" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
-- A seller's stock form carries the version it was read at (issue 11): every change of the stock
-- bumps it. A size's change reaches products through sync_product_stock, which bumps it itself:
-- moving units from one size to another leaves the total as it was, and must still make a form
-- read before it stale.
CREATE FUNCTION bump_stock_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock IS DISTINCT FROM OLD.stock AND NEW.stock_version = OLD.stock_version THEN
    NEW.stock_version := OLD.stock_version + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_product_stock() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.product_id = OLD.product_id AND NEW.stock = OLD.stock THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET
        stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = OLD.product_id), 0),
        has_sizes = EXISTS (SELECT 1 FROM product_sizes WHERE product_id = OLD.product_id),
        stock_version = stock_version + 1
      WHERE id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    UPDATE products SET
        stock = COALESCE((SELECT sum(stock) FROM product_sizes WHERE product_id = NEW.product_id), 0),
        has_sizes = true,
        stock_version = stock_version + 1
      WHERE id = NEW.product_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_bump_stock_version
  BEFORE UPDATE OF stock ON products
  FOR EACH ROW EXECUTE FUNCTION bump_stock_version();--> statement-breakpoint
-- Every stock change is a movement, whatever made it: an order, an expiry, a cancellation, a
-- seller. The kind and the actor come from the transaction's settings (setStockContext in
-- api/src/modules/stock); unset, it is an 'ajuste' by no one in particular.
CREATE FUNCTION record_stock_movement(product uuid, product_size text, change integer, stock_after integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  IF change = 0 THEN
    RETURN;
  END IF;
  -- Dated when written, not when the transaction began (now()): changes of one row are written
  -- under its lock, so the ledger's order is the order they happened in, even for a transaction
  -- that waited for another's lock.
  INSERT INTO stock_movements (product_id, size, kind, change, stock_after, actor_id, created_at)
  VALUES (
    product,
    product_size,
    COALESCE(NULLIF(current_setting('mercado.stock_kind', true), ''), 'ajuste')::stock_movement_kind,
    change,
    stock_after,
    NULLIF(current_setting('mercado.stock_actor', true), '')::uuid,
    clock_timestamp()
  );
END;
$$;--> statement-breakpoint
-- The seller is told once when a size (or the single stock) falls to the product's threshold or
-- below; rising above it again arms the alert anew. Written here so every path that sells counts.
CREATE FUNCTION low_stock_notice(product uuid, product_size text, stock_left integer) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (user_id, type, message, product_id)
  SELECT shops.owner_id, 'stock',
    CASE WHEN product_size = ''
      THEN format('Stock bajo: «%s» tiene %s unidad(es).', products.name, stock_left)
      ELSE format('Stock bajo: «%s», talla %s, tiene %s unidad(es).', products.name, product_size, stock_left)
    END,
    products.id
  FROM products JOIN shops ON shops.id = products.shop_id
  WHERE products.id = product;
END;
$$;--> statement-breakpoint
CREATE FUNCTION product_sizes_stock_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  threshold smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM record_stock_movement(NEW.product_id, NEW.size, NEW.stock, NEW.stock);
    RETURN NEW;
  END IF;
  IF NEW.stock IS NOT DISTINCT FROM OLD.stock THEN
    RETURN NEW;
  END IF;
  PERFORM record_stock_movement(NEW.product_id, NEW.size, NEW.stock - OLD.stock, NEW.stock);
  SELECT low_stock_threshold INTO threshold FROM products WHERE id = NEW.product_id;
  IF threshold > 0 AND NEW.stock <= threshold AND NOT NEW.low_stock_notified THEN
    PERFORM low_stock_notice(NEW.product_id, NEW.size, NEW.stock);
    NEW.low_stock_notified := true;
  ELSIF NEW.stock > threshold THEN
    NEW.low_stock_notified := false;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_sizes_stock_change
  BEFORE INSERT OR UPDATE OF stock ON product_sizes
  FOR EACH ROW EXECUTE FUNCTION product_sizes_stock_change();--> statement-breakpoint
-- A size removed with units left takes them out of the ledger too (not when its product is being
-- deleted: its movements go with it).
CREATE FUNCTION product_sizes_removed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.stock <> 0 AND EXISTS (SELECT 1 FROM products WHERE id = OLD.product_id) THEN
    PERFORM record_stock_movement(OLD.product_id, OLD.size, -OLD.stock, 0);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_sizes_removed
  AFTER DELETE ON product_sizes
  FOR EACH ROW EXECUTE FUNCTION product_sizes_removed();--> statement-breakpoint
-- The same for a product without sizes; with sizes, its total follows them and they record it.
-- A product given its first size leaves its single stock behind: that stock leaves the ledger.
CREATE FUNCTION products_stock_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.has_sizes AND NOT OLD.has_sizes THEN
    PERFORM record_stock_movement(NEW.id, '', -OLD.stock, 0);
    RETURN NEW;
  END IF;
  IF NEW.has_sizes OR OLD.has_sizes OR NEW.stock IS NOT DISTINCT FROM OLD.stock THEN
    RETURN NEW;
  END IF;
  PERFORM record_stock_movement(NEW.id, '', NEW.stock - OLD.stock, NEW.stock);
  IF NEW.low_stock_threshold > 0 AND NEW.stock <= NEW.low_stock_threshold AND NOT NEW.low_stock_notified THEN
    PERFORM low_stock_notice(NEW.id, '', NEW.stock);
    NEW.low_stock_notified := true;
  ELSIF NEW.stock > NEW.low_stock_threshold THEN
    NEW.low_stock_notified := false;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_stock_change
  BEFORE UPDATE OF stock, has_sizes ON products
  FOR EACH ROW EXECUTE FUNCTION products_stock_change();--> statement-breakpoint
-- A new product's first stock, after the row exists (the movement references it).
CREATE FUNCTION products_initial_stock() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.has_sizes THEN
    PERFORM record_stock_movement(NEW.id, '', NEW.stock, NEW.stock);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_initial_stock
  AFTER INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION products_initial_stock();--> statement-breakpoint
-- Stock given back by an expiry is 'caducidad'; a cancellation sets 'devolucion' before calling.
CREATE OR REPLACE FUNCTION give_back_stock(cancelled_shop_orders uuid[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  caller_kind text := current_setting('mercado.stock_kind', true);
BEGIN
  IF COALESCE(caller_kind, '') = '' THEN
    PERFORM set_config('mercado.stock_kind', 'caducidad', true);
  END IF;
  -- Summed per product and size first: an UPDATE ... FROM applies only one matching row per target.
  UPDATE products SET stock = products.stock + returned.quantity
  FROM (
    SELECT product_id, sum(quantity) AS quantity FROM order_items
    WHERE shop_order_id = ANY (cancelled_shop_orders) AND size = ''
    GROUP BY product_id
  ) returned
  WHERE products.id = returned.product_id;

  UPDATE product_sizes SET stock = product_sizes.stock + returned.quantity
  FROM (
    SELECT product_id, size, sum(quantity) AS quantity FROM order_items
    WHERE shop_order_id = ANY (cancelled_shop_orders) AND size <> ''
    GROUP BY product_id, size
  ) returned
  WHERE product_sizes.product_id = returned.product_id AND product_sizes.size = returned.size;
  PERFORM set_config('mercado.stock_kind', COALESCE(caller_kind, ''), true);
END;
$$;--> statement-breakpoint
UPDATE categories SET spec_sheet = 'pala' WHERE slug = 'palas';--> statement-breakpoint
UPDATE categories SET spec_sheet = 'zapatilla' WHERE slug = 'zapatillas';
