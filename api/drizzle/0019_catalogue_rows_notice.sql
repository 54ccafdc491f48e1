-- Every write to a row a public catalogue page shows (a product's stock after a sale, expiry or
-- adjustment, its rating, price, images, sizes, category or shop; a review or its author's name; a
-- banner) is announced on 'catalogue_rows' when its transaction commits, whoever made it: the API,
-- a SQL function, a script. PostgreSQL sends identical notices of one transaction once. The API
-- instances drop the listing and product answers they keep and move to a new catalogue generation
-- on it (api/src/modules/catalog/changes.ts).
CREATE FUNCTION announce_catalogue_rows() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_rows', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER products_announce_rows AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();--> statement-breakpoint
CREATE TRIGGER product_sizes_announce_rows AFTER INSERT OR UPDATE OR DELETE ON product_sizes FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();--> statement-breakpoint
CREATE TRIGGER product_images_announce_rows AFTER INSERT OR UPDATE OR DELETE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();--> statement-breakpoint
CREATE TRIGGER categories_announce_rows AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();--> statement-breakpoint
CREATE TRIGGER shops_announce_rows AFTER INSERT OR UPDATE OR DELETE ON shops FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();
--> statement-breakpoint
CREATE TRIGGER reviews_announce_rows AFTER INSERT OR UPDATE OR DELETE ON reviews FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();--> statement-breakpoint
CREATE TRIGGER banners_announce_rows AFTER INSERT OR UPDATE OR DELETE ON banners FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();--> statement-breakpoint
CREATE TRIGGER users_name_announce_rows AFTER UPDATE OF name ON users FOR EACH STATEMENT EXECUTE FUNCTION announce_catalogue_rows();
