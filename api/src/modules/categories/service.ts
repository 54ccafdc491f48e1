import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { slugify, type CategoryListItem, type CategoryListQuery } from "#contract/catalog";
import {
  CATEGORY_ALREADY_FIRST,
  CATEGORY_ALREADY_LAST,
  CATEGORY_DELETED,
  CATEGORY_HIDDEN,
  CATEGORY_MOVE_SPEC_SHEET,
  CATEGORY_MOVE_TARGET_SAME,
  CATEGORY_NOTHING_TO_MOVE,
  CATEGORY_ORDER_CHANGED,
  CATEGORY_SHOWN,
  categoryNotEmpty,
  categoryProductsMoved,
  type AdminCategoryListAnswer,
  type CategoryDirection,
  CATEGORY_NOT_FOUND,
  CATEGORY_SPEC_SHEET_IN_USE,
  categoryNameTaken,
  categorySlugTaken,
  type CategoryFields,
} from "#contract/categories";
import { specSheetOfChoice } from "#contract/category-labels";
import type { SpecSheetKind } from "#contract/spec-sheet-fields";
import type { Db, Transaction } from "../../db/client.js";
import { auditLog, categories, products } from "../../db/schema.js";
import { FieldsError, HttpError } from "../../http-error.js";
import type { AuthUser } from "../accounts/auth.js";
import { recordAudit } from "../audit/service.js";
import { announceCatalogueChange, catalogueChangedHere } from "../catalog/changes.js";
import { likeContains } from "../catalog/service.js";
import { saveStoredImage, type StoredImage } from "../media/service.js";

/**
 * Categories as an admin keeps them (issue 11). Every write runs in one transaction that first takes
 * the categories' advisory lock (two admins naming two categories alike at once: the second sees the
 * first) and, for an edit, the category's row (`for update`); the image, the row, its audit entry and
 * the catalogue's change notice are committed together or not at all. The slug is always
 * slugify(name); the audit log's edits keep every former slug, so an old listing address
 * (/products?category=<old-slug>) still finds the category (categoryIdForFormerSlug).
 */

type CategoryRow = typeof categories.$inferSelect;

/** What the audit log keeps of a category, before and after. */
function audited(row: Pick<CategoryRow, "name" | "slug" | "specSheet" | "imageId">) {
  return { name: row.name, slug: row.slug, specSheet: row.specSheet, imageId: row.imageId };
}

function toListItem(row: CategoryRow): CategoryListItem {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.imageId,
    specSheet: row.specSheet,
    hidden: row.hidden,
  };
}

/** A name compared as people read it: without capitals or accents (the migrations' immutable f_unaccent). */
const comparable = (value: SQL | string) => sql`f_unaccent(lower(${value}))`;

/**
 * Refuses a name another category already has (capitals and accents aside), or whose slug another
 * one uses: 409 with the message beside the name. `exceptId` is the category being edited.
 */
async function assertNameFree(db: Db | Transaction, name: string, exceptId?: string): Promise<string> {
  const slug = slugify(name);
  const others = exceptId === undefined ? undefined : ne(categories.id, exceptId);
  const [sameName] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(sql`${comparable(sql`${categories.name}`)} = ${comparable(sql`${name}::text`)}`, others))
    .limit(1);
  if (sameName) throw new FieldsError(409, [{ field: "name", message: categoryNameTaken(sameName.name) }]);
  const [sameSlug] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.slug, slug), others))
    .limit(1);
  if (sameSlug) throw new FieldsError(409, [{ field: "name", message: categorySlugTaken(slug, sameSlug.name) }]);
  return slug;
}

/** Serialises the writes that check names or change the order: taken before any category row. */
async function lockCategoryNames(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('categorias:nombres'::text, 0))`);
}

/** The category's row, locked for the write, or 404. */
async function lockCategory(tx: Transaction, categoryId: string): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for("update");
  if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
  return row;
}

const SLUG_TAKEN_MEANWHILE = "Otra categoría con esa misma dirección se guardó en este momento. Elige otro nombre.";

/** A unique violation on the slug (a writer that did not take the lock, the seed): refused beside the name too. */
function slugRaceRefusal(error: unknown): FieldsError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === "23505" && constraint === "categories_slug_unique")
      return new FieldsError(409, [{ field: "name", message: SLUG_TAKEN_MEANWHILE }]);
    current = current.cause;
  }
  return null;
}

/**
 * Checks a write before its image is decoded (the costly part): the name is free and, for an edit,
 * the category exists. The transaction checks again under its locks.
 */
export async function precheckCategoryWrite(db: Db, name: string, categoryId?: string): Promise<void> {
  if (categoryId !== undefined) {
    const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!row) throw new HttpError(404, CATEGORY_NOT_FOUND);
  }
  await assertNameFree(db, name, categoryId);
}

/** POST /category-add: a new category, last in the store's order, with its image and spec sheet. */
export async function addCategory(
  db: Db,
  actor: AuthUser,
  fields: CategoryFields,
  image: StoredImage,
): Promise<CategoryListItem> {
  try {
    const row = await db.transaction(async (tx) => {
      await lockCategoryNames(tx);
      const slug = await assertNameFree(tx, fields.name);
      const imageId = await saveStoredImage(tx, image, fields.name);
      const [created] = await tx
        .insert(categories)
        .values({
          name: fields.name,
          slug,
          imageId,
          specSheet: specSheetOfChoice(fields.specSheet ?? "ninguna"),
          position: sql`(select coalesce(max(${categories.position}), 0) + 1 from ${categories})`,
        })
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: "categoria.crear",
        entity: "categoria",
        entityId: created!.id,
        before: null,
        after: audited(created!),
      });
      await announceCatalogueChange(tx);
      return created!;
    });
    catalogueChangedHere();
    return toListItem(row);
  } catch (error) {
    throw slugRaceRefusal(error) ?? error;
  }
}

/**
 * Whether any product of the category still in the store's books (not archived; `archivedToo`: any)
 * has filled in its spec sheet (then the sheet stays).
 */
async function hasFilledSpecs(tx: Transaction, categoryId: string, { archivedToo = false } = {}): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.categoryId, categoryId),
        archivedToo ? undefined : isNull(products.archivedAt),
        isNotNull(products.specs),
        sql`${products.specs} <> '{}'::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * PUT /category-update/:categoryId: a new name (the slug follows it), and a new image and spec sheet
 * when given. A change of spec sheet is refused while a product of the category has the current
 * one filled in. An edit that changes nothing is answered as done and writes nothing. The former
 * image is kept: the audit entry names it.
 */
export async function updateCategory(
  db: Db,
  actor: AuthUser,
  categoryId: string,
  fields: CategoryFields,
  image: StoredImage | null,
): Promise<CategoryListItem> {
  try {
    const { row, changed } = await db.transaction(async (tx) => {
      await lockCategoryNames(tx);
      const [current] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for("update");
      if (!current) throw new HttpError(404, CATEGORY_NOT_FOUND);
      const slug = await assertNameFree(tx, fields.name, categoryId);
      const specSheet: SpecSheetKind | null =
        fields.specSheet === undefined ? current.specSheet : specSheetOfChoice(fields.specSheet);
      if (specSheet !== current.specSheet && (await hasFilledSpecs(tx, categoryId))) {
        throw new FieldsError(409, [{ field: "specSheet", message: CATEGORY_SPEC_SHEET_IN_USE }]);
      }
      const imageId = image ? await saveStoredImage(tx, image, fields.name) : current.imageId;
      const next = { name: fields.name, slug, specSheet, imageId };
      if (JSON.stringify(audited(current)) === JSON.stringify(audited(next))) return { row: current, changed: false };
      const [updated] = await tx.update(categories).set(next).where(eq(categories.id, categoryId)).returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: "categoria.editar",
        entity: "categoria",
        entityId: categoryId,
        before: audited(current),
        after: audited(updated!),
      });
      await announceCatalogueChange(tx);
      return { row: updated!, changed: true };
    });
    if (changed) catalogueChangedHere();
    return toListItem(row);
  } catch (error) {
    throw slugRaceRefusal(error) ?? error;
  }
}

/**
 * The category a former slug named: the newest edit of a category that left that slug. The catalogue
 * asks only after no current category has the slug (a current one always wins), so an address from
 * before a rename, shared or bookmarked, keeps listing the category's products. Null when none.
 */
export async function categoryIdForFormerSlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: categories.id })
    .from(auditLog)
    .innerJoin(categories, eq(categories.id, auditLog.entityId))
    .where(
      and(
        eq(auditLog.entity, "categoria"),
        eq(auditLog.action, "categoria.editar"),
        sql`${auditLog.before} ->> 'slug' = ${slug}::text`,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return row?.id ?? null;
}

// ---- The admin's tools: list, visibility, order, moving products, delete (issue 35) ------------

/** GET /admin/categories: a page of every category (hidden ones too) in the store's order, searched by name. */
export async function adminCategoryList(db: Db, query: CategoryListQuery): Promise<AdminCategoryListAnswer> {
  const where = query.searchValue
    ? sql`${comparable(sql`${categories.name}`)} like ${comparable(sql`${likeContains(query.searchValue)}::text`)}`
    : undefined;
  // Per category: its products in the books (not archived), the published ones of those, and archived ones.
  const counted = db
    .select({
      categoryId: products.categoryId,
      products: sql<number>`(count(*) filter (where ${products.archivedAt} is null))::int`.as("products"),
      published:
        sql<number>`(count(*) filter (where ${products.archivedAt} is null and ${products.state} = 'publicado'))::int`.as(
          "published",
        ),
      archived: sql<number>`(count(*) filter (where ${products.archivedAt} is not null))::int`.as("archived"),
    })
    .from(products)
    .groupBy(products.categoryId)
    .as("counted");
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: categories, products: counted.products, published: counted.published, archived: counted.archived })
      .from(categories)
      .leftJoin(counted, eq(counted.categoryId, categories.id))
      .where(where)
      .orderBy(asc(categories.position), asc(categories.name))
      .limit(query.parPage)
      .offset((query.page - 1) * query.parPage),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  return {
    categorys: rows.map(({ row, ...counts }) => ({
      ...toListItem(row),
      position: row.position,
      products: counts.products ?? 0,
      published: counts.published ?? 0,
      archived: counts.archived ?? 0,
    })),
    totalCategory: total?.total ?? 0,
  };
}

/** PUT /admin/categories/:categoryId/visibility: hidden from shoppers or shown again; the same state writes nothing. */
export async function setCategoryVisibility(
  db: Db,
  actor: AuthUser,
  categoryId: string,
  hidden: boolean,
): Promise<string> {
  const changed = await db.transaction(async (tx) => {
    const current = await lockCategory(tx, categoryId);
    if (current.hidden === hidden) return false;
    await tx.update(categories).set({ hidden }).where(eq(categories.id, categoryId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: hidden ? "categoria.ocultar" : "categoria.mostrar",
      entity: "categoria",
      entityId: categoryId,
      before: { hidden: current.hidden },
      after: { hidden },
    });
    await announceCatalogueChange(tx);
    return true;
  });
  if (changed) catalogueChangedHere();
  return hidden ? CATEGORY_HIDDEN : CATEGORY_SHOWN;
}

/**
 * PUT /admin/categories/:categoryId/position: one place up or down in the store's order. Under the
 * categories' lock the whole order is numbered again from 1, so ties among old positions cannot make
 * a move do nothing; the audit entry keeps the order before and after.
 */
export async function moveCategory(
  db: Db,
  actor: AuthUser,
  categoryId: string,
  direction: CategoryDirection,
): Promise<string> {
  await db.transaction(async (tx) => {
    await lockCategoryNames(tx);
    const order = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
    const index = order.findIndex((category) => category.id === categoryId);
    if (index === -1) throw new HttpError(404, CATEGORY_NOT_FOUND);
    const other = direction === "arriba" ? index - 1 : index + 1;
    if (other < 0) throw new HttpError(409, CATEGORY_ALREADY_FIRST);
    if (other >= order.length) throw new HttpError(409, CATEGORY_ALREADY_LAST);
    const next = [...order];
    [next[index], next[other]] = [next[other]!, next[index]!];
    await tx.execute(sql`
      update ${categories} set position = ordered.position
      from (select * from unnest(array[${sql.join(
        next.map((category) => sql`${category.id}::uuid`),
        sql`, `,
      )}]) with ordinality as ordered(id, position)) as ordered
      where ${categories.id} = ordered.id and ${categories.position} <> ordered.position`);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "categoria.ordenar",
      entity: "categoria",
      entityId: categoryId,
      before: { order: order.map((category) => category.slug) },
      after: { order: next.map((category) => category.slug) },
    });
    await announceCatalogueChange(tx);
  });
  catalogueChangedHere();
  return CATEGORY_ORDER_CHANGED;
}

/**
 * POST /admin/categories/:categoryId/move-products: every product of the category, archived ones
 * too, goes to another one (so the first can be deleted). Both rows are locked in id order (two
 * moves crossing each other cannot deadlock). Products that filled in the category's spec sheet go
 * only to a category with the same sheet.
 */
export async function moveCategoryProducts(
  db: Db,
  actor: AuthUser,
  categoryId: string,
  toCategoryId: string,
): Promise<string> {
  if (toCategoryId === categoryId)
    throw new FieldsError(400, [{ field: "toCategoryId", message: CATEGORY_MOVE_TARGET_SAME }]);
  const { moved, target } = await db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(categories)
      .where(inArray(categories.id, [categoryId, toCategoryId]))
      .orderBy(asc(categories.id))
      .for("update");
    const source = locked.find((row) => row.id === categoryId);
    const target = locked.find((row) => row.id === toCategoryId);
    if (!source) throw new HttpError(404, CATEGORY_NOT_FOUND);
    if (!target) throw new FieldsError(404, [{ field: "toCategoryId", message: CATEGORY_NOT_FOUND }]);
    if (source.specSheet !== target.specSheet && (await hasFilledSpecs(tx, categoryId, { archivedToo: true })))
      throw new FieldsError(409, [{ field: "toCategoryId", message: CATEGORY_MOVE_SPEC_SHEET }]);
    const moved = await tx
      .update(products)
      .set({ categoryId: toCategoryId })
      .where(eq(products.categoryId, categoryId))
      .returning({ id: products.id });
    if (moved.length === 0) throw new HttpError(409, CATEGORY_NOTHING_TO_MOVE);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "categoria.mover_productos",
      entity: "categoria",
      entityId: categoryId,
      before: { categoryId, slug: source.slug },
      after: { categoryId: toCategoryId, slug: target.slug, products: moved.length },
    });
    await announceCatalogueChange(tx);
    return { moved: moved.length, target };
  });
  catalogueChangedHere();
  return categoryProductsMoved(moved, target.name);
}

/**
 * DELETE /admin/categories/:categoryId: only an empty category (no product at all, archived ones
 * included, as orders keep pointing at those). The row lock makes a product being added to it at
 * the same moment wait: it is then refused (db/errors.ts) or counted here.
 */
export async function deleteCategory(db: Db, actor: AuthUser, categoryId: string): Promise<string> {
  await db.transaction(async (tx) => {
    const current = await lockCategory(tx, categoryId);
    const [held] = await tx.select({ total: count() }).from(products).where(eq(products.categoryId, categoryId));
    if ((held?.total ?? 0) > 0) throw new HttpError(409, categoryNotEmpty(held!.total));
    await tx.delete(categories).where(eq(categories.id, categoryId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "categoria.borrar",
      entity: "categoria",
      entityId: categoryId,
      before: audited(current),
      after: null,
    });
    await announceCatalogueChange(tx);
  });
  catalogueChangedHere();
  return CATEGORY_DELETED;
}
