import { and, desc, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { slugify, type CategoryListItem } from "#contract/catalog";
import {
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
  return { _id: row.id, name: row.name, slug: row.slug, image: row.imageId, specSheet: row.specSheet };
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

/** Serialises the writes that check names: taken before any category row. */
async function lockCategoryNames(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('categorias:nombres'::text, 0))`);
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

/** Whether any product of the category still in the store's books (not archived) has filled in its spec sheet (then the sheet stays). */
async function hasFilledSpecs(tx: Transaction, categoryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.categoryId, categoryId),
        isNull(products.archivedAt),
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
