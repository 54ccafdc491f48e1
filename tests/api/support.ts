import { createHash, randomInt, randomUUID } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InferInsertModel } from "drizzle-orm";
import { afterAll, beforeAll, vi } from "vitest";
import type { RacketSpecs } from "#contract/catalog";
import { imageUrlOf } from "#contract/media";
import { rifCheckDigit } from "#contract/tax-ids";
import { RETURN_SELLER_ANSWER_DAYS } from "#contract/limits";
import { buildApp, type App, type AppDeps } from "../../api/src/app";
import { DEFAULT_IMAGE_QUEUE, DEFAULT_RATE_LIMITS, DEFAULT_REQUEST_TIMEOUT_SECONDS } from "../../api/src/config";
import type { DatabaseTimeouts, Db } from "../../api/src/db/client";
import { DiskFileStore } from "../../api/src/files/disk";
import type { FileStore } from "../../api/src/files/store";
import type { PasswordHashing } from "../../api/src/modules/accounts/password";
import {
  banners,
  blogPosts,
  categories,
  images,
  imageVariants,
  productImages,
  productSizes,
  products,
  shops,
  users,
} from "../../api/src/db/schema";
import { openTestDatabase } from "../support/databases";
import { createTestDatabase, type TestDatabase } from "../support/postgres";

export interface TestApi {
  app: App;
  db: Db;
  config: AppDeps["config"];
  /** The API's file store (in `config.filesDir`). */
  files: FileStore;
  /** The PostgreSQL database's address; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = "secreto-de-pruebas-con-longitud-suficiente-0123456789";

/**
 * The sign-in limits as in production (tests/api/accounts-rate-limit.test.ts relies on them), the
 * others raised: many tests register users, write messages and reviews from 127.0.0.1. The
 * security tests (tests/security/) pass DEFAULT_RATE_LIMITS.
 */
const RAISED = { perAccount: 100_000, perAddress: 100_000 };
export const TEST_RATE_LIMITS: AppDeps["config"]["rateLimits"] = {
  ...DEFAULT_RATE_LIMITS,
  register: RAISED,
  contact: RAISED,
  review: RAISED,
  offer: RAISED,
  upload: RAISED,
  orderMessage: RAISED,
};

/**
 * A password's scrypt work factor in tests: the smallest scrypt accepts, so the many tests that
 * register, sign in or seed users spend no time on it. Production's is DEFAULT_PASSWORD_HASHING
 * (tests/unit/environment.test.ts checks that the API's configuration has it).
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { cost: 2 ** 4, blockSize: 1, parallelism: 1 };

/** The address the test API gives an image (issue 32): absolute, from its PUBLIC_API_URL. */
export function testImageUrl(imageId: string): string;
export function testImageUrl(imageId: string | null): string | null;
export function testImageUrl(imageId: string | null): string | null {
  return imageId === null ? null : imageUrlOf("http://127.0.0.1:4000", imageId);
}

/**
 * The API's configuration for tests: every default, a fixed JWT secret, and a fresh mail outbox and
 * file store folder (each made on first use; createTestApi's close removes them).
 */
export function testConfig(overrides: Partial<AppDeps["config"]> = {}): AppDeps["config"] {
  return {
    publicWebUrl: "http://127.0.0.1:3000",
    publicApiUrl: "http://127.0.0.1:4000",
    requestTimeoutSeconds: DEFAULT_REQUEST_TIMEOUT_SECONDS,
    imageQueue: DEFAULT_IMAGE_QUEUE,
    catalogueCacheSeconds: 0,
    trustedProxies: ["127.0.0.1", "::1"],
    corsOrigins: [],
    accounts: {
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      verifyEmailTtlHours: 24,
      resetPasswordTtlMinutes: 30,
      googleUserinfoUrl: "http://127.0.0.1:9/userinfo",
      googleTokeninfoUrl: "http://127.0.0.1:9/tokeninfo",
      googleClientId: "cliente-google-de-prueba",
      secureCookies: false,
      passwordHashing: TEST_PASSWORD_HASHING,
    },
    rateLimits: TEST_RATE_LIMITS,
    cart: { shippingFeeCents: 500, freeShippingThresholdCents: 10_000 },
    orders: { expiryMinutes: 30, offerAnswerHours: 24, commissionPercent: 5 },
    payments: { paypal: null },
    trialClass: { capacity: 12 },
    dashboards: { unpreparedAlertHours: 48 },
    withdrawals: { saleAvailableAfterDays: 7, saleAvailableAfterShipmentDays: 14, minimumCents: 1000 },
    returns: { sellerAnswerDays: RETURN_SELLER_ANSWER_DAYS },
    mail: {
      smtpUrl: undefined,
      from: "Mercado Pádel <no-responder@mercadopadel.test>",
      outboxDir: path.join(tmpdir(), `mp-outbox-${randomUUID()}`),
    },
    secrets: { jwtSecret: TEST_JWT_SECRET },
    filesDir: path.join(tmpdir(), `mp-archivos-${randomUUID()}`),
    ...overrides,
  };
}

/**
 * The database limits of test APIs unless a test gives its own. Concurrency tests prove that work
 * serialises (fifty orders for one unit: one sale); on a busy two-core machine the last of fifty
 * can wait longer for its lock than production's 2 s and be answered 503, which would make their
 * outcome depend on the machine's speed. Production's limits are proved where they are the
 * subject (tests/security/api-timeouts-postgres.test.ts passes DEFAULT_DATABASE_TIMEOUTS).
 */
const TEST_DATABASE_TIMEOUTS: DatabaseTimeouts = { statementMs: 20_000, lockMs: 20_000, poolMs: 20_000 };

export interface TestApiOptions {
  /** A PostgreSQL database made by createTestDatabase; without it, an in-memory PGlite of the API's own. */
  databaseUrl?: string;
  /** Connections to a real PostgreSQL, enough for a test's requests to run side by side. */
  poolSize?: number;
  /** PostgreSQL's statement, lock and pool timeouts (TEST_DATABASE_TIMEOUTS unless given). */
  timeouts?: DatabaseTimeouts;
  config?: Partial<AppDeps["config"]>;
  /** The API's file store: a DiskFileStore on the config's `filesDir` unless given. */
  files?: FileStore;
  /** Registers a test's own routes before the app is ready. */
  extraRoutes?: (app: App) => void;
}

/**
 * An API on a migrated database without rows of a test's (openTestDatabase), ready for
 * `app.inject`. Call close() in afterAll; useTestApi does both for a file's own API.
 */
export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const database = await openTestDatabase({
    databaseUrl: options.databaseUrl,
    poolSize: options.poolSize,
    timeouts: options.timeouts ?? TEST_DATABASE_TIMEOUTS,
  });
  const config = testConfig(options.config);
  const files = options.files ?? new DiskFileStore(config.filesDir);
  fileStores.set(database.db, files);
  const app = await buildApp({ db: database.db, config, listen: database.listen, files });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    files,
    databaseUrl: options.databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await rm(config.mail.outboxDir, { recursive: true, force: true });
      await rm(config.filesDir, { recursive: true, force: true });
    },
  };
}

export interface FileApiOptions extends Omit<TestApiOptions, "databaseUrl"> {
  /** PostgreSQL: a database of the API's own in the run's cluster (createTestDatabase). PGlite unless given. */
  engine?: "PGlite" | "PostgreSQL";
}

/** The API useTestApi makes: a TestApi it closes itself. */
export type FileApi = Omit<TestApi, "close">;

/**
 * The API of a test file (or of a describe block): registers a beforeAll that makes it and an
 * afterAll that closes it (and drops its PostgreSQL database). Its fields are the API's once the
 * beforeAll has run, so read them in tests and in hooks registered after this call. `options` may
 * be a function, called in the beforeAll, for settings known only then (a fake server's address).
 */
export function useTestApi(options: FileApiOptions | (() => FileApiOptions) = {}): FileApi {
  let api: TestApi | undefined;
  let postgres: TestDatabase | undefined;
  beforeAll(async () => {
    const { engine = "PGlite", ...rest } = typeof options === "function" ? options() : options;
    postgres = engine === "PostgreSQL" ? await createTestDatabase() : undefined;
    api = await createTestApi({ ...rest, databaseUrl: postgres?.url });
  });
  afterAll(async () => {
    await api?.close();
    await postgres?.drop();
  });
  const current = () => {
    if (!api) throw new Error("La API de la prueba aún no existe: úsela dentro de las pruebas o de sus hooks.");
    return api;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get config() {
      return current().config;
    },
    get files() {
      return current().files;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
  };
}

/** A message the API wrote to its mail outbox (mail.outboxDir). */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  link: string;
  html: string | null;
  headers: Record<string, string>;
}

/**
 * The API sends mail after it answers: waits (at most five seconds) until `config`'s outbox holds a
 * message to `to` whose subject contains `subjectPart` and that `matches`, the newest such one.
 */
export function waitForMail(
  config: AppDeps["config"],
  to: string,
  subjectPart = "",
  matches: (mail: SentMail) => boolean = () => true,
): Promise<SentMail> {
  return vi.waitFor(
    async () => {
      const outbox = config.mail.outboxDir;
      for (const name of (await readdir(outbox).catch(() => [] as string[])).sort().reverse()) {
        const mail = JSON.parse(await readFile(path.join(outbox, name), "utf8")) as SentMail;
        if (mail.to === to && mail.subject.includes(subjectPart) && matches(mail)) return mail;
      }
      throw new Error(`No llegó el correo «${subjectPart}» para ${to}`);
    },
    { timeout: 5000, interval: 20 },
  );
}

/**
 * Runs `issue` with the API's clock (Date) two seconds back, so the tokens it gets were issued in
 * an earlier whole second (a JWT's `iat`) than anything the database decides after it: instead of
 * waiting for the next second. Only Date is faked; the database keeps its own clock.
 */
export async function issuedEarlier<T>(issue: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() - 2000);
  try {
    return await issue();
  } finally {
    vi.useRealTimers();
  }
}

/** A file store in a new temporary folder (made on first write), for a test without an API; remove() deletes it. */
export function temporaryFileStore(): { files: DiskFileStore; remove(): Promise<void> } {
  const dir = path.join(tmpdir(), `mp-archivos-${randomUUID()}`);
  return { files: new DiskFileStore(dir), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A stored file's bytes, read whole (tests only: the API streams them); null when the store lacks it. */
export async function readStoredFile(files: FileStore, key: string): Promise<Buffer | null> {
  const opened = await files.open(key);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Smallest bytes that stand in for an encoded WebP: fixtures never decode them. */
const FIXTURE_IMAGE_BYTES = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ");
const FIXTURE_IMAGE_KEY = createHash("sha256").update(FIXTURE_IMAGE_BYTES).digest("hex");

/** The file store of each test API's database, so fixtures written straight to the database have their files too. */
const fileStores = new WeakMap<Db, FileStore>();

export async function insertImage(db: Db, alt = "Imagen de prueba"): Promise<string> {
  await fileStores.get(db)?.put(FIXTURE_IMAGE_BYTES);
  const [image] = await db.insert(images).values({ alt, width: 800, height: 800 }).returning({ id: images.id });
  await db.insert(imageVariants).values({
    imageId: image!.id,
    width: 400,
    fileKey: FIXTURE_IMAGE_KEY,
    sizeBytes: FIXTURE_IMAGE_BYTES.length,
  });
  return image!.id;
}

export async function insertUser(db: Db, values: Partial<InferInsertModel<typeof users>> = {}) {
  const [user] = await db
    .insert(users)
    .values({ name: "Usuaria de Prueba", email: `usuaria-${crypto.randomUUID()}@example.com`, ...values })
    .returning();
  return user!;
}

/** A valid RIF no other test shop has (the tax id is unique among shops): J, eight random digits, SENIAT's check digit. */
export function uniqueRif(): string {
  const digits = String(randomInt(10_000_000, 100_000_000));
  return `J-${digits}-${rifCheckDigit("J", digits)}`;
}

/** An approved shop in Caracas with a RIF of its own; one shop per owner (the unique index). */
export async function insertShop(
  db: Db,
  values: Pick<InferInsertModel<typeof shops>, "ownerId" | "name" | "slug"> & Partial<InferInsertModel<typeof shops>>,
) {
  const [shop] = await db
    .insert(shops)
    .values({
      rif: uniqueRif(),
      country: "VE",
      province: "Distrito Capital",
      city: "Caracas",
      address: "Av. Francisco de Miranda 1",
      location: "Caracas",
      phone: "+58 212 555 0000",
      status: "aprobada",
      ...values,
    })
    .returning();
  return shop!;
}

export async function insertCategory(
  db: Db,
  values: Pick<InferInsertModel<typeof categories>, "name" | "slug"> & Partial<InferInsertModel<typeof categories>>,
) {
  const [category] = await db.insert(categories).values(values).returning();
  return category!;
}

export interface ProductFixture
  extends Pick<
      InferInsertModel<typeof products>,
      "shopId" | "categoryId" | "name" | "slug" | "brand" | "price" | "color" | "tag"
    >,
    Partial<
      Pick<
        InferInsertModel<typeof products>,
        "description" | "discount" | "stock" | "rating" | "createdAt" | "state" | "lowStockThreshold"
      >
    > {
  specs?: RacketSpecs;
  /** Sizes in display order; when given, the product's stock becomes their sum (database trigger). */
  sizes?: { size: string; stock: number }[];
  /** Number of images to attach, in position order. */
  imageCount?: number;
}

/** A product with its sizes and images; answers the row and its image ids in display order. */
export async function insertProduct(db: Db, fixture: ProductFixture) {
  const { sizes = [], imageCount = 1, description = `${fixture.name}.`, ...values } = fixture;
  const [product] = await db
    .insert(products)
    .values({ ...values, description })
    .returning();
  if (sizes.length > 0) {
    await db
      .insert(productSizes)
      .values(sizes.map((size, position) => ({ productId: product!.id, position, ...size })));
  }
  const imageIds: string[] = [];
  for (let position = 0; position < imageCount; position++)
    imageIds.push(await insertImage(db, `${fixture.name} ${position + 1}`));
  // Inserted last-first so a test sees the answer ordered by position, not by insertion.
  for (let position = imageIds.length - 1; position >= 0; position--) {
    await db.insert(productImages).values({ productId: product!.id, imageId: imageIds[position]!, position });
  }
  return { ...product!, imageIds };
}

export async function insertBanner(
  db: Db,
  values: Pick<InferInsertModel<typeof banners>, "title" | "link"> & Partial<InferInsertModel<typeof banners>>,
) {
  const imageId = values.imageId ?? (await insertImage(db, values.title));
  const [banner] = await db
    .insert(banners)
    .values({ ...values, imageId })
    .returning();
  return banner!;
}

export async function insertBlogPost(
  db: Db,
  values: Pick<InferInsertModel<typeof blogPosts>, "slug" | "title"> & Partial<InferInsertModel<typeof blogPosts>>,
) {
  const [post] = await db
    .insert(blogPosts)
    .values({
      excerpt: `${values.title}.`,
      body: `${values.title}.\n\nSegundo párrafo.`,
      author: "Redacción",
      ...values,
    })
    .returning();
  return post!;
}

const day = (isoDate: string) => new Date(`${isoDate}T12:00:00.000Z`);

/**
 * A small catalogue with known values, for tests that read it (sale price = price minus discount):
 *
 * | slug | category | shop | sale price | rating | color | tag | stock (sizes) | created |
 * |---|---|---|---|---|---|---|---|---|
 * | pala-bullpadel-vertex-04 | palas | centro | 20000 (25000 -20%) | 4.8 | Negro | Potencia | 5 | 2024-01-10 |
 * | pala-bullpadel-hack-03 | palas | smash | 28000 | 4.5 | Azul | Potencia | 0 | 2024-02-10 |
 * | pala-nox-at10-genius | palas | centro | 27000 (30000 -10%) | 4.9 | Rojo | Control | 3 | 2024-03-10 |
 * | pala-head-delta-pro | palas | smash | 9000 (18000 -50%) | 3.9 | Negro | Control | 2 | 2024-04-10 |
 * | zapatillas-asics-gel-padel-pro-5 | zapatillas | centro | 10200 (12000 -15%) | 4.2 | Blanco | Comodidad | 3 (40:0, 41:1, 42:2) | 2024-05-10 |
 * | zapatillas-bullpadel-hack-hybrid | zapatillas | smash | 9000 | 3.5 | Azul | Comodidad | 5 (38.5:3, 40:2) | 2024-06-10 |
 * | zapatillas-joma-slam | zapatillas | centro | 4200 (6000 -30%) | 2.8 | Blanco | Oferta | 0 (44:0) | 2024-07-10 |
 * | pelotas-head-padel-pro | pelotas | smash | 700 | 4.6 | Amarillo | Competición | 50 | 2024-08-10 |
 * | pelotas-bullpadel-premium-pro | pelotas | centro | 600 (800 -25%) | 4.0 | Amarillo | Oferta | 0 | 2024-09-10 |
 * | camiseta-tecnica-nox | ropa | smash | 3500 | 4.1 | Rojo | Comodidad | 7 (XL:1, S:2, M:0, L:3, XXL:1) | 2024-10-10 |
 *
 * Descriptions mention "núcleo" (vertex, hack 03) and "nucleo" (nox); the Joma one mentions Head.
 */
export async function insertCatalogue(db: Db) {
  const owner = await insertUser(db, { name: "Vendedora de Prueba", role: "seller" });
  // One shop per user (unique index): Tienda Smash has an owner of its own.
  const smashOwner = await insertUser(db, { name: "Vendedor Smash", role: "seller" });
  const centro = await insertShop(db, { ownerId: owner.id, name: "Centro Pádel", slug: "centro-padel" });
  const smash = await insertShop(db, { ownerId: smashOwner.id, name: "Tienda Smash", slug: "tienda-smash" });
  const palas = await insertCategory(db, {
    name: "Palas",
    slug: "palas",
    position: 1,
    specSheet: "pala",
    imageId: await insertImage(db, "Palas"),
  });
  const zapatillas = await insertCategory(db, {
    name: "Zapatillas",
    slug: "zapatillas",
    position: 2,
    specSheet: "zapatilla",
  });
  const pelotas = await insertCategory(db, { name: "Pelotas", slug: "pelotas", position: 3 });
  const ropa = await insertCategory(db, { name: "Ropa", slug: "ropa", position: 4 });
  const racketSpecs: RacketSpecs = {
    forma: "Diamante",
    peso: "360-375 g",
    balance: "Alto",
    nucleo: "EVA",
    cara: "Carbono",
    nivel: "Avanzado",
  };

  const fixtures: ProductFixture[] = [
    {
      shopId: centro.id,
      categoryId: palas.id,
      name: "Pala Bullpadel Vertex 04",
      slug: "pala-bullpadel-vertex-04",
      brand: "Bullpadel",
      price: 25000,
      discount: 20,
      rating: 4.8,
      color: "Negro",
      tag: "Potencia",
      stock: 5,
      createdAt: day("2024-01-10"),
      description: "Pala de forma diamante con núcleo de goma EVA dura.",
      specs: racketSpecs,
      imageCount: 2,
    },
    {
      shopId: smash.id,
      categoryId: palas.id,
      name: "Pala Bullpadel Hack 03",
      slug: "pala-bullpadel-hack-03",
      brand: "Bullpadel",
      price: 28000,
      rating: 4.5,
      color: "Azul",
      tag: "Potencia",
      stock: 0,
      createdAt: day("2024-02-10"),
      description: "Pala profesional con núcleo MultiEVA.",
    },
    {
      shopId: centro.id,
      categoryId: palas.id,
      name: "Pala Nox AT10 Genius",
      slug: "pala-nox-at10-genius",
      brand: "Nox",
      price: 30000,
      discount: 10,
      rating: 4.9,
      color: "Rojo",
      tag: "Control",
      stock: 3,
      createdAt: day("2024-03-10"),
      description: "Pala redonda de control con nucleo blando.",
    },
    {
      shopId: smash.id,
      categoryId: palas.id,
      name: "Pala Head Delta Pro",
      slug: "pala-head-delta-pro",
      brand: "Head",
      price: 18000,
      discount: 50,
      rating: 3.9,
      color: "Negro",
      tag: "Control",
      stock: 2,
      createdAt: day("2024-04-10"),
      description: "Pala polivalente para jugadores intermedios.",
    },
    {
      shopId: centro.id,
      categoryId: zapatillas.id,
      name: "Zapatillas Asics Gel Padel Pro 5",
      slug: "zapatillas-asics-gel-padel-pro-5",
      brand: "Asics",
      price: 12000,
      discount: 15,
      rating: 4.2,
      color: "Blanco",
      tag: "Comodidad",
      createdAt: day("2024-05-10"),
      description: "Suela de espiga para pista de césped.",
      sizes: [
        { size: "42", stock: 2 },
        { size: "40", stock: 0 },
        { size: "41", stock: 1 },
      ],
    },
    {
      shopId: smash.id,
      categoryId: zapatillas.id,
      name: "Zapatillas Bullpadel Hack Hybrid",
      slug: "zapatillas-bullpadel-hack-hybrid",
      brand: "Bullpadel",
      price: 9000,
      rating: 3.5,
      color: "Azul",
      tag: "Comodidad",
      createdAt: day("2024-06-10"),
      description: "Ligeras y estables en cualquier pista.",
      sizes: [
        { size: "38.5", stock: 3 },
        { size: "40", stock: 2 },
      ],
    },
    {
      shopId: centro.id,
      categoryId: zapatillas.id,
      name: "Zapatillas Joma Slam",
      slug: "zapatillas-joma-slam",
      brand: "Joma",
      price: 6000,
      discount: 30,
      rating: 2.8,
      color: "Blanco",
      tag: "Oferta",
      createdAt: day("2024-07-10"),
      description: "Alternativa económica a las de Head para empezar.",
      sizes: [{ size: "44", stock: 0 }],
    },
    {
      shopId: smash.id,
      categoryId: pelotas.id,
      name: "Pelotas Head Padel Pro",
      slug: "pelotas-head-padel-pro",
      brand: "Head",
      price: 700,
      rating: 4.6,
      color: "Amarillo",
      tag: "Competición",
      stock: 50,
      createdAt: day("2024-08-10"),
      description: "Bote de tres pelotas presurizadas.",
    },
    {
      shopId: centro.id,
      categoryId: pelotas.id,
      name: "Pelotas Bullpadel Premium Pro",
      slug: "pelotas-bullpadel-premium-pro",
      brand: "Bullpadel",
      price: 800,
      discount: 25,
      rating: 4,
      color: "Amarillo",
      tag: "Oferta",
      stock: 0,
      createdAt: day("2024-09-10"),
      description: "Bote de tres pelotas para torneos.",
    },
    {
      shopId: smash.id,
      categoryId: ropa.id,
      name: "Camiseta Técnica Nox",
      slug: "camiseta-tecnica-nox",
      brand: "Nox",
      price: 3500,
      rating: 4.1,
      color: "Rojo",
      tag: "Comodidad",
      createdAt: day("2024-10-10"),
      description: "Tejido transpirable de secado rápido.",
      sizes: [
        { size: "XL", stock: 1 },
        { size: "S", stock: 2 },
        { size: "M", stock: 0 },
        { size: "L", stock: 3 },
        { size: "XXL", stock: 1 },
      ],
    },
  ];
  const inserted = [];
  for (const fixture of fixtures) inserted.push(await insertProduct(db, fixture));
  const bySlug = Object.fromEntries(inserted.map((product) => [product.slug, product]));
  return {
    owner,
    smashOwner,
    shops: { centro, smash },
    categories: { palas, zapatillas, pelotas, ropa },
    products: inserted,
    bySlug,
  };
}

export type Catalogue = Awaited<ReturnType<typeof insertCatalogue>>;

/**
 * A product of a test's own, so the test counts only its own stock, orders or reviews: a tube of
 * balls of Centro Pádel in the small catalogue, named after its slug, without images. `values`
 * changes any of it (the stock, the price, the shop).
 */
export async function insertOwnBalls(db: Db, catalogue: Catalogue, slug: string, values: Partial<ProductFixture> = {}) {
  return insertProduct(db, {
    shopId: catalogue.shops.centro.id,
    categoryId: catalogue.categories.pelotas.id,
    name: `Pelotas ${slug}`,
    slug,
    brand: "Head",
    price: 700,
    color: "Amarillo",
    tag: "Competición",
    imageCount: 0,
    ...values,
  });
}

export const FAILED_BEFORE_COMMIT = "la transacción falla justo antes de su commit";

/**
 * The database, except that each transaction fails once its work is done: as if the process died
 * just before the commit. A service run on it shows what an event leaves behind when it is lost
 * (issue 33: its mail must vanish with it).
 */
export function failingBeforeCommit(db: Db): Db {
  const failing = Object.create(db) as Db;
  failing.transaction = (async (work: Parameters<Db["transaction"]>[0]) =>
    db.transaction(async (tx) => {
      await work(tx);
      throw new Error(FAILED_BEFORE_COMMIT);
    })) as Db["transaction"];
  return failing;
}
