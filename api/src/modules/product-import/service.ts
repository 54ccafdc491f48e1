import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { slugify } from "#contract/catalog";
import { FORBIDDEN } from "#contract/messages";
import { IMPORT_NOTHING_VALID, IMPORT_REFUSALS_LISTED, type ProductImportPreview } from "#contract/product-import";
import type { Db, Transaction } from "../../db/client.js";
import { categories, products, productSizes, stockAlerts } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/tokens.js";
import { recordAudit } from "../audit/service.js";
import type { MailContext } from "../mail/render.js";
import { assertCanWrite, catalogueWrite, writerShop } from "../seller-products/service.js";
import { checkSellerShop } from "../shops/seller-writes.js";
import { lockProducts } from "../stock/locks.js";
import { setStockContext, tellWaitingShoppers } from "../stock/service.js";
import {
  checkRows,
  CSV_FIELD,
  namedIds,
  readCsvRows,
  type ExistingProduct,
  type ImportContext,
  type ValidRow,
} from "./rows.js";

/**
 * A seller's catalogue brought back from a CSV file (issue 34, decision 0054). Preview reads and
 * checks, without locks and without writing. Apply reads the same text again and, in one
 * transaction, locks the shop (FOR SHARE), then the products the file names with their sizes in
 * one stable order, checks every row against what it locked, and writes the valid rows in a few
 * set-based statements (no statement per row): a 5,000-row file takes seconds.
 */

type Runner = Db | Transaction;

/** Every category by slug, and the shop's live products among `ids` with their sizes. */
async function importContext(db: Runner, shopId: string, ids: string[]): Promise<ImportContext> {
  const [categoryRows, productRows, sizeRows] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, specSheet: categories.specSheet, hidden: categories.hidden })
      .from(categories),
    ids.length === 0
      ? []
      : db
          .select({
            id: products.id,
            name: products.name,
            slug: products.slug,
            categoryId: products.categoryId,
            adminHiddenAt: products.adminHiddenAt,
            hasSizes: products.hasSizes,
            stock: products.stock,
            lowStockThreshold: products.lowStockThreshold,
          })
          .from(products)
          .where(and(inArray(products.id, ids), eq(products.shopId, shopId), isNull(products.archivedAt))),
    ids.length === 0
      ? []
      : db
          .select({ productId: productSizes.productId, size: productSizes.size, stock: productSizes.stock })
          .from(productSizes)
          .where(inArray(productSizes.productId, ids)),
  ]);
  const sizesOf = new Map<string, Map<string, number>>();
  for (const size of sizeRows) {
    const sizes = sizesOf.get(size.productId) ?? new Map<string, number>();
    sizes.set(size.size, size.stock);
    sizesOf.set(size.productId, sizes);
  }
  return {
    categories: new Map(categoryRows.map((row) => [row.slug.toLowerCase(), row])),
    products: new Map(
      productRows.map((row): [string, ExistingProduct] => [
        row.id,
        {
          id: row.id,
          name: row.name,
          slug: row.slug,
          categoryId: row.categoryId,
          adminHidden: row.adminHiddenAt !== null,
          hasSizes: row.hasSizes,
          stock: row.stock,
          lowStockThreshold: row.lowStockThreshold,
          sizes: sizesOf.get(row.id) ?? new Map(),
        },
      ]),
    ),
  };
}

/** POST /seller/products/import: what applying the file would do, and every refusal by line and column. */
export async function previewImport(db: Db, user: AuthUser, csv: string): Promise<ProductImportPreview> {
  await assertCanWrite(db, user);
  const { rows, cellRefusals } = readCsvRows(csv);
  const shop = await checkSellerShop(db, user.id);
  const checked = checkRows(rows, cellRefusals, await importContext(db, shop!.id, namedIds(rows)));
  return {
    rows: checked.rowCount,
    creates: checked.valid.filter((row) => row.product === null).length,
    updates: checked.valid.filter((row) => row.product !== null).length,
    skippedLines: checked.skippedLines,
    refusals: checked.refusals.slice(0, IMPORT_REFUSALS_LISTED),
    refusalCount: checked.refusals.length,
  };
}

const renames = (row: { product: ExistingProduct | null; form: { name: string } }) =>
  row.product !== null && slugify(row.product.name) !== slugify(row.form.name);

/** A JSON array as one parameter, read by `jsonb_to_recordset`: one statement for any number of rows. */
const jsonRows = (rows: readonly unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * Most rows in one statement: an INSERT's parameters stay far below PostgreSQL's 65,535, and each
 * statement, with the row triggers it fires (stock totals, movements), well within the statement
 * timeout (DATABASE_STATEMENT_TIMEOUT_MS, 5 s by default) however long the file.
 */
const CHUNK = 1_000;

/** `write` for each CHUNK of `rows`, one after the other. */
async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}

/**
 * Free slugs for many names at once, as freeSlug does for one (seller-products): the name's slugify,
 * or with -2, -3… when another product has or had it. The bases' advisory locks are taken in one
 * sorted statement, so two writers never wait on each other in a cycle.
 */
async function freeSlugs(tx: Transaction, wanted: { key: string; name: string; productId: string | null }[]) {
  const chosen = new Map<string, string>();
  if (wanted.length === 0) return chosen;
  const bases = [...new Set(wanted.map((entry) => slugify(entry.name) || "producto"))].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('product-slug:' || base)) from (select jsonb_array_elements_text(${jsonRows(bases)}) as base order by 1) as wanted`,
  );
  const taken = await tx.execute<{ slug: string; product_id: string }>(sql`
    with wanted as (select jsonb_array_elements_text(${jsonRows(bases)}) as base)
    select slug, id::text as product_id from products
      where slug in (select base from wanted) or regexp_replace(slug, '-[0-9]+$', '') in (select base from wanted)
    union all
    select slug, product_id::text from product_slug_history
      where slug in (select base from wanted) or regexp_replace(slug, '-[0-9]+$', '') in (select base from wanted)`);
  const owners = new Map<string, Set<string>>();
  const take = (slug: string, owner: string) => owners.set(slug, (owners.get(slug) ?? new Set()).add(owner));
  for (const row of taken.rows) take(row.slug, row.product_id);
  const freeFor = (slug: string, owner: string) => [...(owners.get(slug) ?? [])].every((other) => other === owner);
  for (const entry of wanted) {
    const base = slugify(entry.name) || "producto";
    const owner = entry.productId ?? entry.key;
    let slug = base;
    for (let suffix = 2; !freeFor(slug, owner); suffix++) slug = `${base}-${suffix}`;
    take(slug, owner);
    chosen.set(entry.key, slug);
  }
  return chosen;
}

/** The product form's values as the products table's columns (an insert's, and `jsonb_to_recordset`'s below). */
function productColumns(row: ValidRow) {
  return {
    name: row.form.name,
    categoryId: row.form.categoryId,
    brand: row.form.brand,
    description: row.form.description,
    price: row.form.price,
    discount: row.form.discount,
    color: row.form.color,
    tag: row.form.tag,
    lowStockThreshold: row.form.lowStockThreshold,
    specs: Object.keys(row.form.specs).length > 0 ? row.form.specs : null,
  };
}

const COLUMN_TYPES = sql.raw(
  'name text, "categoryId" uuid, brand text, description text, price integer, discount smallint, color text, tag text, "lowStockThreshold" smallint, specs jsonb',
);

/** The updated products' fields, their state (when the file says one) and, for a rename, the new slug. */
async function updateProducts(tx: Transaction, rows: ValidRow[], slugs: Map<string, string>): Promise<void> {
  const values = rows.map((row) => ({
    id: row.product!.id,
    ...productColumns(row),
    state: row.state,
    slug: slugs.get(row.product!.id) ?? null,
  }));
  // The slug only where it changes: writing a unique column takes the lock orders' key-share locks wait for.
  for (const renamed of [false, true]) {
    const part = values.filter((value) => (value.slug !== null && value.slug !== undefined) === renamed);
    await inChunks(part, (chunk) =>
      tx.execute(sql`
      update products as p set
        name = v.name, category_id = v."categoryId", brand = v.brand, description = v.description,
        price = v.price, discount = v.discount, color = v.color, tag = v.tag, specs = v.specs,
        low_stock_threshold = v."lowStockThreshold",
        low_stock_notified = p.low_stock_notified and p.stock <= v."lowStockThreshold",
        state = coalesce(v.state::product_state, p.state),
        ${renamed ? sql`slug = v.slug,` : sql``}
        updated_at = now()
      from jsonb_to_recordset(${jsonRows(chunk)}) as v(id uuid, ${COLUMN_TYPES}, state text, slug text)
      where p.id = v.id`),
    );
  }
  // As the stock screen: a size above its (new) threshold is armed again.
  await inChunks(values, (chunk) =>
    tx.execute(sql`
      update product_sizes as s set low_stock_notified = s.low_stock_notified and s.stock <= v."lowStockThreshold"
      from jsonb_to_recordset(${jsonRows(chunk)}) as v(id uuid, "lowStockThreshold" smallint)
      where s.product_id = v.id and s.low_stock_notified`),
  );
  const renamed = rows.filter((row) => slugs.has(row.product!.id));
  const history = renamed.map((row) => ({
    id: row.product!.id,
    old: row.product!.slug,
    new: slugs.get(row.product!.id),
  }));
  await inChunks(history, async (chunk) => {
    await tx.execute(sql`
      delete from product_slug_history as h using jsonb_to_recordset(${jsonRows(chunk)}) as v(id uuid, new text)
      where h.product_id = v.id and h.slug = v.new`);
    await tx.execute(sql`
      insert into product_slug_history (slug, product_id)
      select v.old, v.id from jsonb_to_recordset(${jsonRows(chunk)}) as v(id uuid, old text)
      on conflict do nothing`);
  });
}

/** A size's (or '' for the single stock's) stock went from 0 to more: its waiting shoppers are told. */
type CameBack = Map<string, string[]>;

/**
 * The updated products' stock, by the stock screen's rules: sizes the row leaves out go, new ones
 * come with their stock, kept ones take the row's; a product without sizes takes the row's stock.
 * Triggers write each change's movement ('ajuste', the seller, without a version) and keep totals.
 */
async function updateStock(tx: Transaction, rows: ValidRow[]): Promise<CameBack> {
  const cameBack: CameBack = new Map();
  const back = (productId: string, size: string) => cameBack.set(productId, [...(cameBack.get(productId) ?? []), size]);
  const removed: { product_id: string; size: string }[] = [];
  const kept: { product_id: string; size: string; stock: number; position: number }[] = [];
  const added: { productId: string; size: string; stock: number; position: number }[] = [];
  const single: { id: string; stock: number }[] = [];
  for (const row of rows) {
    const product = row.product!;
    const sent = new Set(row.form.sizes.map((entry) => entry.size));
    for (const size of product.sizes.keys()) if (!sent.has(size)) removed.push({ product_id: product.id, size });
    row.form.sizes.forEach((entry, position) => {
      const stock = entry.stock ?? 0;
      const before = product.sizes.get(entry.size);
      if (before === undefined) added.push({ productId: product.id, size: entry.size, stock, position });
      else kept.push({ product_id: product.id, size: entry.size, stock, position });
      if (before === 0 && stock > 0) back(product.id, entry.size);
    });
    if (row.form.sizes.length === 0) {
      const stock = row.form.stock ?? 0;
      single.push({ id: product.id, stock });
      if (!product.hasSizes && product.stock === 0 && stock > 0) back(product.id, "");
    }
  }
  await inChunks(removed, (chunk) =>
    tx.execute(sql`
      delete from product_sizes as s using jsonb_to_recordset(${jsonRows(chunk)}) as v(product_id uuid, size text)
      where s.product_id = v.product_id and s.size = v.size`),
  );
  await inChunks(kept, (chunk) =>
    tx.execute(sql`
      update product_sizes as s set stock = v.stock, position = v.position
      from jsonb_to_recordset(${jsonRows(chunk)}) as v(product_id uuid, size text, stock integer, position smallint)
      where s.product_id = v.product_id and s.size = v.size and (s.stock <> v.stock or s.position <> v.position)`),
  );
  await inChunks(added, (chunk) => tx.insert(productSizes).values(chunk));
  // After the sizes: a product that lost all its sizes has just been set to 0 by their trigger.
  await inChunks(single, (chunk) =>
    tx.execute(sql`
      update products as p set stock = v.stock
      from jsonb_to_recordset(${jsonRows(chunk)}) as v(id uuid, stock integer)
      where p.id = v.id and p.stock <> v.stock`),
  );
  return cameBack;
}

/** The new products, their sizes after them; answers their ids in the rows' order. */
async function createProducts(
  tx: Transaction,
  shopId: string,
  rows: ValidRow[],
  slugs: Map<string, string>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const created = await tx
      .insert(products)
      .values(
        chunk.map((row) => ({
          shopId,
          slug: slugs.get(`linea:${row.line}`)!,
          ...productColumns(row),
          state: row.state ?? "borrador",
          stock: row.form.sizes.length > 0 ? 0 : (row.form.stock ?? 0),
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    const idOfSlug = new Map(created.map((row) => [row.slug, row.id]));
    ids.push(...chunk.map((row) => idOfSlug.get(slugs.get(`linea:${row.line}`)!)!));
  }
  const sizes = rows.flatMap((row, index) =>
    row.form.sizes.map((entry, position) => ({
      productId: ids[index]!,
      size: entry.size,
      stock: entry.stock ?? 0,
      position,
    })),
  );
  await inChunks(sizes, (chunk) => tx.insert(productSizes).values(chunk));
  return ids;
}

/** Every shopper waiting for a size that came back is told, as the stock screen tells them. */
async function tellWaiting(tx: Transaction, cameBack: CameBack, rows: ValidRow[], mail: MailContext) {
  if (cameBack.size === 0) return;
  const waiting = await tx
    .selectDistinct({ productId: stockAlerts.productId })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.productId, [...cameBack.keys()]), isNull(stockAlerts.notifiedAt)));
  for (const { productId } of waiting) {
    const row = rows.find((candidate) => candidate.product?.id === productId)!;
    const slug = await tx.select({ slug: products.slug }).from(products).where(eq(products.id, productId));
    await tellWaitingShoppers(
      tx,
      { id: productId, name: row.form.name, slug: slug[0]!.slug },
      cameBack.get(productId)!,
      mail,
    );
  }
}

/**
 * POST /seller/products/import/apply: the file checked again under the locks, its valid rows
 * written, all or nothing; one audit entry `producto.importar` with the counts and the products.
 */
export async function applyImport(
  db: Db,
  user: AuthUser,
  csv: string,
  mail: MailContext,
): Promise<{ created: number; updated: number; skipped: number }> {
  if (user.role !== "seller") throw new HttpError(403, FORBIDDEN);
  const { rows, cellRefusals } = readCsvRows(csv);
  const ids = namedIds(rows);
  return catalogueWrite(db, async (tx) => {
    const shop = await writerShop(tx, user);
    // FOR UPDATE (a row may be renamed), in the one order every writer of products uses: two imports
    // of the same products, or an import and an edit or an order, queue behind each other, so
    // imports of one shop need no lock of their own.
    await lockProducts(tx, ids, "key", shop.id);
    const checked = checkRows(rows, cellRefusals, await importContext(tx, shop.id, ids));
    if (checked.valid.length === 0) throw new FieldsError(400, [{ field: CSV_FIELD, message: IMPORT_NOTHING_VALID }]);

    await setStockContext(tx, "ajuste", user.id, { withoutVersion: true });
    const updates = checked.valid.filter((row) => row.product !== null);
    const creates = checked.valid.filter((row) => row.product === null);
    const slugs = await freeSlugs(tx, [
      ...updates
        .filter(renames)
        .map((row) => ({ key: row.product!.id, name: row.form.name, productId: row.product!.id })),
      ...creates.map((row) => ({ key: `linea:${row.line}`, name: row.form.name, productId: null })),
    ]);
    if (updates.length > 0) await updateProducts(tx, updates, slugs);
    const cameBack = updates.length > 0 ? await updateStock(tx, updates) : new Map<string, string[]>();
    const createdIds = creates.length > 0 ? await createProducts(tx, shop.id, creates, slugs) : [];
    await tellWaiting(tx, cameBack, updates, mail);
    const counts = { created: creates.length, updated: updates.length, skipped: checked.skippedLines.length };
    await recordAudit(tx, {
      actorId: user.id,
      action: "producto.importar",
      entity: "tienda",
      entityId: shop.id,
      before: null,
      after: { ...counts, createdIds, updatedIds: updates.map((row) => row.product!.id) },
    });
    return counts;
  });
}
