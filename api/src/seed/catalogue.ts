import { slugify, type RacketSpecs } from "#contract/catalog";
import type { SpecSheetKind } from "#contract/spec-sheet-fields";

/**
 * The demo catalogue as plain data: shops, categories, products, banners and blog posts of a
 * Spanish padel store. Generated from a fixed-seed PRNG so every seed of the same size gives the
 * same catalogue (only dates move with "now"), and nothing is downloaded.
 */

export const PRODUCT_COLORS = [
  "Negro",
  "Blanco",
  "Rojo",
  "Azul",
  "Verde",
  "Amarillo",
  "Naranja",
  "Gris",
  "Rosa",
] as const;
export type ProductColor = (typeof PRODUCT_COLORS)[number];

/** What a product's pictures show; images are drawn once per drawing, colour and view and shared. */
export type Drawing =
  | "pala"
  | "zapatilla"
  | "pelotas"
  | "paletero"
  | "camiseta"
  | "pantalon"
  | "overgrip"
  | "munequera";

export interface ProductImageSpec {
  drawing: Drawing;
  color: ProductColor;
  /** 0 studio, 1 on the court, 2 close-up: a product's pictures are different views of one drawing. */
  view: 0 | 1 | 2;
}

export const CATEGORIES = [
  { slug: "palas", name: "Palas", drawing: "pala", color: "Azul", specSheet: "pala" },
  { slug: "zapatillas", name: "Zapatillas", drawing: "zapatilla", color: "Rojo", specSheet: "zapatilla" },
  { slug: "pelotas", name: "Pelotas", drawing: "pelotas", color: "Amarillo", specSheet: null },
  { slug: "paleteros", name: "Paleteros", drawing: "paletero", color: "Negro", specSheet: null },
  { slug: "ropa", name: "Ropa", drawing: "camiseta", color: "Verde", specSheet: null },
  { slug: "accesorios", name: "Accesorios", drawing: "overgrip", color: "Naranja", specSheet: null },
] as const satisfies readonly {
  slug: string;
  name: string;
  drawing: Drawing;
  color: ProductColor;
  specSheet: SpecSheetKind | null;
}[];
export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

/**
 * Tax ids valid for each shop's country, as the shop request form demands (DESIGN.md section 3): a
 * Spanish CIF for Madrid (B, 4012345, control digit 7), RIFs with their check digit for Venezuela.
 */
export const SHOPS = [
  {
    name: "Pádel Pro Madrid",
    slug: "padel-pro-madrid",
    rif: "B40123457",
    country: "ES",
    province: "Madrid",
    city: "Madrid",
    address: "Calle de Alcalá 214",
    phone: "+34 914 350 218",
  },
  {
    name: "Bandeja y Víbora Caracas",
    slug: "bandeja-y-vibora-caracas",
    rif: "J-29876543-7",
    country: "VE",
    province: "Distrito Capital",
    city: "Caracas",
    address: "Av. Francisco de Miranda, Los Palos Grandes",
    phone: "+58 212 285 4410",
  },
  {
    name: "Smash Center Valencia",
    slug: "smash-center-valencia",
    rif: "J-31557820-4",
    country: "VE",
    province: "Carabobo",
    city: "Valencia",
    address: "Av. Bolívar Norte",
    phone: "+58 241 823 1975",
  },
] as const;

/** The products of the store `npm start` seeds. */
export const DEMO_PRODUCT_COUNT = 72;

export interface CatalogueProduct {
  categorySlug: CategorySlug;
  /** Index into SHOPS. */
  shopIndex: number;
  name: string;
  slug: string;
  brand: string;
  description: string;
  /** Integer cents (USD). */
  price: number;
  discount: number;
  /**
   * The average star rating the product's seeded reviews aim at (seed/history.ts); 0 for a product
   * nobody has reviewed yet. The stored rating is always the average of real review rows.
   */
  reviewTarget: number;
  color: ProductColor;
  tag: string;
  specs: RacketSpecs | null;
  createdAt: Date;
  /** Stock of a product without sizes; null when the stock lives in `sizes`. */
  stock: number | null;
  sizes: { size: string; stock: number }[];
  images: ProductImageSpec[];
}

/** mulberry32: tiny, fast and good enough to make a catalogue look varied yet reproducible. */
export class Random {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  shuffled<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  /** Picks by relative weight, e.g. [["Negro", 3], ["Rosa", 1]]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [choice, weight] of choices) {
      point -= weight;
      if (point < 0) return choice;
    }
    return choices[choices.length - 1][0];
  }
}

type Forma = "Redonda" | "Lágrima" | "Diamante";
type Nivel = "Iniciación" | "Intermedio" | "Avanzado" | "Profesional";

/** Real racket lines; shape and level steer price, specs and tag. */
const RACKETS: readonly { brand: string; model: string; forma: Forma; nivel: Nivel }[] = [
  { brand: "Bullpadel", model: "Vertex 04", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Bullpadel", model: "Hack 03", forma: "Diamante", nivel: "Profesional" },
  { brand: "Bullpadel", model: "Neuron", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Bullpadel", model: "Flow Woman", forma: "Redonda", nivel: "Intermedio" },
  { brand: "Bullpadel", model: "Ionic Power", forma: "Diamante", nivel: "Intermedio" },
  { brand: "Bullpadel", model: "Indiga Control", forma: "Redonda", nivel: "Intermedio" },
  { brand: "Bullpadel", model: "Pearl", forma: "Redonda", nivel: "Iniciación" },
  { brand: "Nox", model: "AT10 Genius 18K", forma: "Lágrima", nivel: "Profesional" },
  { brand: "Nox", model: "ML10 Pro Cup", forma: "Redonda", nivel: "Avanzado" },
  { brand: "Nox", model: "X-One", forma: "Redonda", nivel: "Iniciación" },
  { brand: "Nox", model: "Equation Advanced", forma: "Lágrima", nivel: "Intermedio" },
  { brand: "Nox", model: "TL10 Quantum", forma: "Lágrima", nivel: "Profesional" },
  { brand: "Nox", model: "VK10 Luxury", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Head", model: "Delta Pro", forma: "Diamante", nivel: "Profesional" },
  { brand: "Head", model: "Alpha Motion", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Head", model: "Extreme Pro", forma: "Lágrima", nivel: "Profesional" },
  { brand: "Head", model: "Gravity Elite", forma: "Redonda", nivel: "Avanzado" },
  { brand: "Head", model: "Flash", forma: "Redonda", nivel: "Iniciación" },
  { brand: "Head", model: "Evo Delta", forma: "Diamante", nivel: "Intermedio" },
  { brand: "Adidas", model: "Metalbone 3.4", forma: "Diamante", nivel: "Profesional" },
  { brand: "Adidas", model: "Adipower Multiweight", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Adidas", model: "Match Light", forma: "Redonda", nivel: "Iniciación" },
  { brand: "Adidas", model: "Cross It Light", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Adidas", model: "Drive", forma: "Redonda", nivel: "Iniciación" },
  { brand: "Babolat", model: "Technical Viper", forma: "Diamante", nivel: "Profesional" },
  { brand: "Babolat", model: "Air Veron", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Babolat", model: "Counter Vertuo", forma: "Redonda", nivel: "Avanzado" },
  { brand: "Babolat", model: "Contact", forma: "Redonda", nivel: "Iniciación" },
  { brand: "Siux", model: "Electra ST3", forma: "Lágrima", nivel: "Profesional" },
  { brand: "Siux", model: "Diablo Revolution", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Siux", model: "Trilogy Control", forma: "Redonda", nivel: "Intermedio" },
  { brand: "StarVie", model: "Triton Pro", forma: "Diamante", nivel: "Profesional" },
  { brand: "StarVie", model: "Metheora Warrior", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "StarVie", model: "Aquila Space", forma: "Redonda", nivel: "Intermedio" },
  { brand: "Wilson", model: "Bela Pro", forma: "Diamante", nivel: "Profesional" },
  { brand: "Wilson", model: "Carbon Force Pro", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Wilson", model: "Blade Team", forma: "Lágrima", nivel: "Intermedio" },
  { brand: "Dunlop", model: "Galactica Pro", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Dunlop", model: "Aero-Star", forma: "Lágrima", nivel: "Intermedio" },
  { brand: "Dunlop", model: "Boost Attack", forma: "Diamante", nivel: "Intermedio" },
  { brand: "Varlion", model: "LW Carbon 6", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Varlion", model: "Bourne Summum Prisma", forma: "Redonda", nivel: "Intermedio" },
  { brand: "Varlion", model: "Avant Carbon", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Drop Shot", model: "Conqueror 12", forma: "Diamante", nivel: "Profesional" },
  { brand: "Drop Shot", model: "Explorer Pro", forma: "Lágrima", nivel: "Avanzado" },
  { brand: "Drop Shot", model: "Axion Attack", forma: "Diamante", nivel: "Intermedio" },
  { brand: "Black Crown", model: "Piton Attack", forma: "Diamante", nivel: "Avanzado" },
  { brand: "Black Crown", model: "Hurricane", forma: "Lágrima", nivel: "Intermedio" },
  { brand: "Black Crown", model: "Special Control", forma: "Redonda", nivel: "Iniciación" },
];

const RACKET_PRICE_RANGE: Record<Nivel, [number, number]> = {
  Iniciación: [60, 110],
  Intermedio: [110, 190],
  Avanzado: [190, 290],
  Profesional: [280, 400],
};

interface LineItem {
  kind: string;
  brand: string;
  model: string;
  /** Price range in whole dollars. */
  price: [number, number];
  drawing: Drawing;
}

const line = (kind: string, brand: string, model: string, price: [number, number], drawing: Drawing): LineItem => ({
  kind,
  brand,
  model,
  price,
  drawing,
});

const SHOES: readonly LineItem[] = [
  line("Zapatillas", "Asics", "Gel-Padel Pro 5", [95, 140], "zapatilla"),
  line("Zapatillas", "Asics", "Gel-Resolution 9 Padel", [140, 180], "zapatilla"),
  line("Zapatillas", "Asics", "Gel-Challenger 14 Padel", [100, 130], "zapatilla"),
  line("Zapatillas", "Asics", "Solution Speed FF 3 Padel", [130, 170], "zapatilla"),
  line("Zapatillas", "Bullpadel", "Hack Vibram 24", [110, 150], "zapatilla"),
  line("Zapatillas", "Bullpadel", "Vertex Grip", [90, 125], "zapatilla"),
  line("Zapatillas", "Bullpadel", "Performance Comfort", [60, 85], "zapatilla"),
  line("Zapatillas", "Babolat", "Jet Premura 2", [120, 160], "zapatilla"),
  line("Zapatillas", "Babolat", "Movea", [85, 115], "zapatilla"),
  line("Zapatillas", "Adidas", "Adizero Ubersonic 4", [120, 160], "zapatilla"),
  line("Zapatillas", "Adidas", "Crazyquick Boost Padel", [110, 145], "zapatilla"),
  line("Zapatillas", "Adidas", "Courtjam Control", [70, 95], "zapatilla"),
  line("Zapatillas", "Joma", "Slam", [50, 70], "zapatilla"),
  line("Zapatillas", "Joma", "T.Open", [55, 75], "zapatilla"),
  line("Zapatillas", "Joma", "Master 1000", [65, 90], "zapatilla"),
  line("Zapatillas", "Kelme", "Pro Padel", [55, 80], "zapatilla"),
  line("Zapatillas", "Kelme", "Furia", [60, 85], "zapatilla"),
  line("Zapatillas", "Head", "Sprint Pro 3.5 Padel", [100, 135], "zapatilla"),
  line("Zapatillas", "Head", "Revolt Pro 4.5 Padel", [120, 155], "zapatilla"),
  line("Zapatillas", "Wilson", "Rush Pro 4.0 Padel", [105, 140], "zapatilla"),
  line("Zapatillas", "Nox", "AT10 Lux", [90, 120], "zapatilla"),
  line("Zapatillas", "Siux", "Tanner", [70, 95], "zapatilla"),
];

const BALLS: readonly LineItem[] = [
  line("Pelotas", "Head", "Padel Pro", [6, 8], "pelotas"),
  line("Pelotas", "Head", "Padel Pro S", [6, 8], "pelotas"),
  line("Pelotas", "Bullpadel", "Premium Pro", [5, 7], "pelotas"),
  line("Pelotas", "Wilson", "Padel Rush 100", [6, 8], "pelotas"),
  line("Pelotas", "Dunlop", "Pro Padel", [5, 7], "pelotas"),
  line("Pelotas", "Adidas", "Speed RX", [6, 8], "pelotas"),
  line("Pelotas", "Babolat", "Court Padel", [5, 7], "pelotas"),
  line("Pelotas", "Nox", "Pro Titanium", [5, 7], "pelotas"),
  line("Pelotas", "StarVie", "Titanium Pro", [5, 7], "pelotas"),
  line("Pelotas", "Varlion", "Summum", [5, 6], "pelotas"),
];

const BAGS: readonly LineItem[] = [
  line("Paletero", "Bullpadel", "Vertex", [70, 95], "paletero"),
  line("Paletero", "Bullpadel", "Hack", [75, 100], "paletero"),
  line("Paletero", "Nox", "AT10 Competition XL", [85, 120], "paletero"),
  line("Paletero", "Nox", "ML10 Competition", [70, 95], "paletero"),
  line("Mochila", "Adidas", "Multigame", [45, 65], "paletero"),
  line("Paletero", "Adidas", "Protour", [80, 110], "paletero"),
  line("Paletero", "Head", "Tour Team", [55, 80], "paletero"),
  line("Paletero", "Babolat", "RH Padel Lite", [45, 65], "paletero"),
  line("Paletero", "Siux", "Fusion Pro", [60, 85], "paletero"),
  line("Mochila", "StarVie", "Dronos", [35, 50], "paletero"),
  line("Paletero", "Varlion", "Summum", [50, 75], "paletero"),
  line("Paletero", "Drop Shot", "Essential", [30, 45], "paletero"),
  line("Mochila", "Wilson", "Bela Super Tour", [55, 80], "paletero"),
  line("Paletero", "Black Crown", "Genius", [40, 60], "paletero"),
];

const CLOTHES: readonly LineItem[] = [
  line("Camiseta", "Bullpadel", "Lema", [25, 35], "camiseta"),
  line("Camiseta", "Nox", "Team", [20, 30], "camiseta"),
  line("Polo", "Head", "Club", [30, 45], "camiseta"),
  line("Camiseta", "Adidas", "Club 3 Bandas", [30, 40], "camiseta"),
  line("Camiseta", "Babolat", "Play Crew", [22, 32], "camiseta"),
  line("Camiseta", "Joma", "Open", [15, 22], "camiseta"),
  line("Camiseta", "Kelme", "Team", [15, 22], "camiseta"),
  line("Camiseta", "Asics", "Court", [30, 42], "camiseta"),
  line("Polo", "Siux", "Premium", [28, 40], "camiseta"),
  line("Sudadera", "Kelme", "Tokio", [45, 60], "camiseta"),
  line("Sudadera", "Bullpadel", "Entrenamiento", [55, 70], "camiseta"),
  line("Short", "Bullpadel", "Moldi", [25, 35], "pantalon"),
  line("Short", "Head", "Performance", [30, 40], "pantalon"),
  line("Short", "Adidas", "Club", [28, 38], "pantalon"),
  line("Falda", "Nox", "Pro", [25, 35], "pantalon"),
  line("Falda", "Adidas", "Match", [35, 45], "pantalon"),
  line("Short", "Joma", "Open", [15, 22], "pantalon"),
  line("Short", "Asics", "Court 7in", [35, 45], "pantalon"),
  line("Pantalón largo", "Babolat", "Exercise", [40, 55], "pantalon"),
];

const ACCESSORIES: readonly LineItem[] = [
  line("Overgrip", "Bullpadel", "GB-1200 pack 3", [5, 7], "overgrip"),
  line("Overgrip", "Head", "Prime Tour pack 3", [6, 8], "overgrip"),
  line("Overgrip", "Wilson", "Pro Feel pack 3", [5, 7], "overgrip"),
  line("Overgrip", "Nox", "Pro Perforado pack 3", [4, 6], "overgrip"),
  line("Overgrip", "Varlion", "Summum pack 12", [18, 24], "overgrip"),
  line("Overgrip", "Babolat", "My Overgrip pack 12", [20, 28], "overgrip"),
  line("Grip", "Siux", "Pro Confort", [7, 10], "overgrip"),
  line("Grip", "Drop Shot", "Tacky", [6, 9], "overgrip"),
  line("Overgrip", "Dunlop", "Tour Dry pack 3", [5, 7], "overgrip"),
  line("Muñequeras", "Bullpadel", "Logo pack 2", [6, 9], "munequera"),
  line("Muñequeras", "Nox", "Team pack 2", [5, 8], "munequera"),
  line("Muñequeras", "Adidas", "Tennis pack 2", [9, 12], "munequera"),
  line("Muñequeras", "Head", "Tour XL", [8, 11], "munequera"),
  line("Cinta para la cabeza", "Joma", "Elite", [3, 6], "munequera"),
  line("Cinta para la cabeza", "Black Crown", "Classic", [4, 7], "munequera"),
];

/**
 * Later passes through a line repeat it under another edition (and season, for goods that have
 * one), as real stores do, so large catalogues stay varied.
 */
const SEASONS = ["2026", "2025", "2024"];
const EDITIONS = ["", "Edición Limitada", "Light", "Hybrid", "Comfort", "Team", "Elite", "Tour"];
const SEASONAL_CATEGORIES: ReadonlySet<CategorySlug> = new Set(["palas", "zapatillas", "paleteros", "ropa"]);

/** How the catalogue divides among categories. */
const CATEGORY_SHARE: Record<CategorySlug, number> = {
  palas: 0.3,
  zapatillas: 0.2,
  pelotas: 0.1,
  paleteros: 0.12,
  ropa: 0.15,
  accesorios: 0.13,
};

/** Dark, white and blue sell most; padel balls are almost always yellow. */
const COLOR_WEIGHTS: Record<CategorySlug, readonly (readonly [ProductColor, number])[]> = {
  palas: [
    ["Negro", 4],
    ["Azul", 3],
    ["Rojo", 2],
    ["Blanco", 2],
    ["Verde", 1],
    ["Amarillo", 1],
    ["Naranja", 1],
    ["Gris", 1],
    ["Rosa", 1],
  ],
  zapatillas: [
    ["Blanco", 4],
    ["Negro", 3],
    ["Azul", 2],
    ["Gris", 2],
    ["Rojo", 1],
    ["Naranja", 1],
    ["Rosa", 1],
    ["Verde", 1],
    ["Amarillo", 1],
  ],
  pelotas: [
    ["Amarillo", 8],
    ["Blanco", 1],
    ["Naranja", 1],
  ],
  paleteros: [
    ["Negro", 4],
    ["Azul", 2],
    ["Rojo", 2],
    ["Gris", 2],
    ["Blanco", 1],
    ["Verde", 1],
    ["Rosa", 1],
  ],
  ropa: [
    ["Negro", 3],
    ["Blanco", 3],
    ["Azul", 2],
    ["Gris", 2],
    ["Rojo", 1],
    ["Verde", 1],
    ["Rosa", 1],
    ["Naranja", 1],
    ["Amarillo", 1],
  ],
  accesorios: [
    ["Blanco", 3],
    ["Negro", 3],
    ["Azul", 1],
    ["Rojo", 1],
    ["Amarillo", 1],
    ["Naranja", 1],
    ["Rosa", 1],
    ["Verde", 1],
    ["Gris", 1],
  ],
};

const SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46"];
const CLOTHING_SIZES = ["S", "M", "L", "XL", "XXL"];
const DISCOUNTS = [5, 10, 15, 20, 25, 30, 35, 40];
/** Tags of everything but rackets, whose tags follow their specs. "Oferta" is only given to discounted products. */
const TAGS_BY_CATEGORY: Record<Exclude<CategorySlug, "palas">, readonly string[]> = {
  zapatillas: ["Novedad", "Más vendido", "Profesional", "Control"],
  pelotas: ["Más vendido", "Novedad", "Profesional"],
  paleteros: ["Novedad", "Más vendido", "Profesional"],
  ropa: ["Novedad", "Más vendido"],
  accesorios: ["Más vendido", "Novedad", "Control"],
};

/** Splits `total` by share, handing the rounding remainder to the largest categories first. */
function countsPerCategory(total: number): Record<CategorySlug, number> {
  const slugs = CATEGORIES.map((category) => category.slug);
  const counts = Object.fromEntries(slugs.map((slug) => [slug, Math.floor(total * CATEGORY_SHARE[slug])])) as Record<
    CategorySlug,
    number
  >;
  let left = total - slugs.reduce((sum, slug) => sum + counts[slug], 0);
  const bySize = [...slugs].sort((a, b) => CATEGORY_SHARE[b] - CATEGORY_SHARE[a]);
  for (let i = 0; left > 0; i++, left--) counts[bySize[i % bySize.length]]++;
  return counts;
}

function dollarsToCents(random: Random, [low, high]: [number, number]): number {
  // Prices end in .99 or .95 or are round, like a shop's price tags.
  const dollars = random.integer(low, Math.max(low, high - 1));
  return dollars * 100 + random.pick([99, 95, 0, 90]);
}

function randomDiscount(random: Random): number {
  return random.chance(0.55) ? 0 : random.pick(DISCOUNTS);
}

function randomReviewTarget(random: Random): number {
  // Many products of a young store have no reviews yet.
  const unreviewed = random.chance(0.4);
  // Skewed towards good ratings, as on real shops.
  const target = Math.round((3 + 2 * Math.sqrt(random.next())) * 10) / 10;
  return unreviewed ? 0 : target;
}

function randomImages(random: Random, drawing: Drawing, color: ProductColor): ProductImageSpec[] {
  const views = random.weighted([
    [[0], 35],
    [[0, 1], 35],
    [[0, 1, 2], 30],
  ] as const);
  return views.map((view) => ({ drawing, color, view }));
}

function variantName(base: string, pass: number, seasonal: boolean): string {
  if (!seasonal) return [base, EDITIONS[pass % EDITIONS.length]].filter(Boolean).join(" ");
  const season = SEASONS[pass % SEASONS.length];
  const edition = EDITIONS[Math.floor(pass / SEASONS.length) % EDITIONS.length];
  return [base, edition, season].filter(Boolean).join(" ");
}

function sentences(random: Random, first: string, middle: readonly string[], last: readonly string[]): string {
  const picked = [first, ...random.shuffled(middle).slice(0, random.integer(1, 2))];
  if (random.chance(0.6)) picked.push(random.pick(last));
  return picked.join(" ");
}

function racketSpecs(random: Random, racket: (typeof RACKETS)[number]): RacketSpecs {
  const balance = { Redonda: "Bajo", Lágrima: "Medio", Diamante: "Alto" }[racket.forma];
  const light = racket.model.includes("Woman") || racket.model.includes("Light");
  const peso = light ? random.pick(["340-355 g", "345-360 g"]) : random.pick(["355-370 g", "360-375 g", "365-380 g"]);
  const nucleo =
    racket.nivel === "Iniciación"
      ? random.pick(["Foam", "EVA Soft"])
      : racket.nivel === "Profesional"
        ? random.pick(["EVA Hard", "Black EVA"])
        : random.pick(["EVA Soft", "EVA Hard", "Black EVA"]);
  const cara =
    racket.nivel === "Iniciación"
      ? "Fibra de vidrio"
      : racket.nivel === "Intermedio"
        ? random.pick(["Fibra de vidrio", "Carbono 3K", "Fibra de vidrio y carbono"])
        : random.pick(["Carbono 3K", "Carbono 12K", "Carbono 18K"]);
  return { forma: racket.forma, peso, balance, nucleo, cara, nivel: racket.nivel };
}

function racketTag(random: Random, specs: RacketSpecs): string {
  if (specs.nivel === "Profesional") return "Profesional";
  if (specs.nivel === "Iniciación") return "Iniciación";
  if (specs.forma === "Diamante") return "Potencia";
  if (specs.forma === "Redonda") return "Control";
  return random.pick(["Más vendido", "Novedad", "Control"]);
}

function racketDescription(random: Random, racket: (typeof RACKETS)[number], specs: RacketSpecs): string {
  const feel =
    specs.forma === "Diamante"
      ? "una salida de bola explosiva para rematar con potencia"
      : specs.forma === "Redonda"
        ? "un punto dulce amplio y un control excelente desde el fondo de la pista"
        : "un equilibrio muy conseguido entre control y potencia";
  return sentences(
    random,
    `La ${racket.brand} ${racket.model} es una pala de forma ${specs.forma.toLowerCase()} pensada para jugadores de nivel ${specs.nivel.toLowerCase()}.`,
    [
      `Su núcleo ${specs.nucleo} y la cara de ${specs.cara.toLowerCase()} ofrecen ${feel}.`,
      `Pesa entre ${specs.peso.replace("-", " y ")} y tiene un balance ${specs.balance.toLowerCase()}, así que se maneja con soltura en la red.`,
      "El marco tubular reforzado soporta los golpes contra el cristal sin perder rigidez.",
      "La superficie rugosa ayuda a dar efecto a las bandejas y a las víboras.",
    ],
    [
      "Incluye funda protectora.",
      "Ideal para partidos de liga y torneos.",
      "Se entrega con el grip original de fábrica.",
    ],
  );
}

function lineDescription(random: Random, item: LineItem, categorySlug: Exclude<CategorySlug, "palas">): string {
  const subject = `${item.kind} ${item.brand} ${item.model}`;
  const article = item.kind === "Mochila" ? "La" : "El";
  switch (categorySlug) {
    case "zapatillas":
      return sentences(
        random,
        `Las zapatillas ${item.brand} ${item.model} combinan sujeción lateral y amortiguación para aguantar partidos largos.`,
        [
          "La suela de espiga está diseñada para el césped artificial con arena de las pistas de pádel.",
          "El refuerzo en la puntera protege en los arrastres y alarga la vida de la zapatilla.",
          "La malla transpirable mantiene el pie fresco incluso en pistas exteriores en verano.",
          "La entresuela absorbe los impactos en los desplazamientos hacia la red.",
        ],
        ["Recomendamos pedir tu talla habitual.", "Disponibles en varias tallas.", "Peso ligero para moverte rápido."],
      );
    case "pelotas":
      return sentences(
        random,
        `Las pelotas ${item.brand} ${item.model} son pelotas presurizadas con la velocidad y el bote que exige la competición.`,
        [
          "El fieltro de alta resistencia mantiene su comportamiento durante varios partidos.",
          "Homologadas para torneos y perfectas para entrenar con regularidad.",
          "Su presión interna estable ofrece un bote uniforme en pista cubierta y exterior.",
        ],
        ["Se venden en tubo presurizado.", "Una opción muy popular entre los clubes."],
      );
    case "paleteros":
      return sentences(
        random,
        `${article} ${item.kind.toLowerCase()} ${item.brand} ${item.model} tiene espacio para varias palas, ropa y todo lo necesario para un día de pádel.`,
        [
          "Su compartimento térmico protege las palas de los cambios de temperatura.",
          "Incluye un bolsillo separado y ventilado para las zapatillas.",
          "Las asas acolchadas y la correa ajustable permiten llevarlo a mano o a la espalda.",
          "El tejido resistente al agua lo hace apto para cualquier época del año.",
        ],
        ["Un compañero fiable para torneos y entrenamientos.", "Cierres con cremallera de doble tirador."],
      );
    case "ropa":
      return sentences(
        random,
        `${subject}: prenda de tejido técnico ligero pensada para jugar al pádel.`,
        [
          "El tejido transpirable expulsa el sudor y se seca en poco tiempo.",
          "El corte deportivo acompaña cada movimiento sin apretar.",
          "Las costuras planas evitan roces durante los partidos largos.",
          "Resiste los lavados frecuentes sin perder forma ni color.",
        ],
        ["Consulta la guía de tallas antes de elegir.", "Combínala con el resto de la colección de la marca."],
      );
    case "accesorios":
      return sentences(
        random,
        `${subject}: un accesorio imprescindible en el paletero de cualquier jugador de pádel.`,
        item.drawing === "munequera"
          ? [
              "El tejido de rizo absorbe el sudor antes de que llegue a la mano.",
              "El elástico ajusta sin apretar y no se mueve durante el partido.",
              "Se lava a máquina y conserva su forma lavado tras lavado.",
            ]
          : [
              "Mejora el agarre y absorbe el sudor para que la pala no se escape de la mano.",
              "Su material suave resulta cómodo desde el primer partido.",
              "Es fácil de colocar y de sustituir cuando se desgasta.",
            ],
        ["Un detalle que marca la diferencia en los puntos largos.", "Ideal también como regalo."],
      );
  }
}

const LINES_BY_CATEGORY: Record<Exclude<CategorySlug, "palas">, readonly LineItem[]> = {
  zapatillas: SHOES,
  pelotas: BALLS,
  paleteros: BAGS,
  ropa: CLOTHES,
  accesorios: ACCESSORIES,
};

function sizesFor(random: Random, categorySlug: CategorySlug): { size: string; stock: number }[] {
  const sizes = categorySlug === "zapatillas" ? SHOE_SIZES : categorySlug === "ropa" ? CLOTHING_SIZES : [];
  return sizes.map((size) => ({ size, stock: random.chance(0.25) ? 0 : random.integer(1, 12) }));
}

function singleStock(random: Random, categorySlug: CategorySlug): number {
  // About one product in ten is sold out, so "solo con stock" has something to hide.
  if (random.chance(0.1)) return 0;
  return categorySlug === "pelotas" ? random.integer(20, 200) : random.integer(1, 60);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What sets one product line apart from another, before colour, stock and dates are drawn. */
interface ProductBasics {
  baseName: string;
  brand: string;
  price: number;
  description: string;
  tag: string;
  specs: RacketSpecs | null;
  drawing: Drawing;
}

function racketBasics(random: Random, racket: (typeof RACKETS)[number]): ProductBasics {
  const specs = racketSpecs(random, racket);
  return {
    baseName: `Pala ${racket.brand} ${racket.model}`,
    brand: racket.brand,
    price: dollarsToCents(random, RACKET_PRICE_RANGE[racket.nivel]),
    description: racketDescription(random, racket, specs),
    tag: racketTag(random, specs),
    specs,
    drawing: "pala",
  };
}

function lineBasics(random: Random, item: LineItem, categorySlug: Exclude<CategorySlug, "palas">): ProductBasics {
  return {
    baseName: `${item.kind} ${item.brand} ${item.model}`,
    brand: item.brand,
    price: dollarsToCents(random, item.price),
    description: lineDescription(random, item, categorySlug),
    tag: random.pick(TAGS_BY_CATEGORY[categorySlug]),
    specs: null,
    drawing: item.drawing,
  };
}

/**
 * `count` products spread over the categories and shops. Names repeat only after every line has
 * been used in every edition; a repeated name gets a numeric suffix on its slug.
 */
export function generateProducts(count: number, now: Date): CatalogueProduct[] {
  const random = new Random(20260214);
  const counts = countsPerCategory(count);
  const slugUses = new Map<string, number>();
  const products: CatalogueProduct[] = [];

  const uniqueSlug = (name: string): string => {
    const base = slugify(name);
    const uses = (slugUses.get(base) ?? 0) + 1;
    slugUses.set(base, uses);
    return uses === 1 ? base : `${base}-${uses}`;
  };

  for (const { slug } of CATEGORIES) {
    const rackets = slug === "palas" ? random.shuffled(RACKETS) : [];
    const lines = slug === "palas" ? [] : random.shuffled(LINES_BY_CATEGORY[slug]);
    const lineCount = rackets.length || lines.length;
    for (let i = 0; i < counts[slug]; i++) {
      const basics =
        slug === "palas"
          ? racketBasics(random, rackets[i % lineCount])
          : lineBasics(random, lines[i % lineCount], slug);
      const name = variantName(basics.baseName, Math.floor(i / lineCount), SEASONAL_CATEGORIES.has(slug));
      const color = random.weighted(COLOR_WEIGHTS[slug]);
      const discount = randomDiscount(random);
      const createdAt = new Date(now.getTime() - random.integer(0, 364 * DAY_MS));
      const isRecent = now.getTime() - createdAt.getTime() < 30 * DAY_MS;
      let tag = basics.tag;
      if (discount >= 15 && random.chance(0.6)) tag = "Oferta";
      else if (isRecent && random.chance(0.5)) tag = "Novedad";
      const sizes = sizesFor(random, slug);

      products.push({
        categorySlug: slug,
        shopIndex: random.integer(0, SHOPS.length - 1),
        name,
        slug: uniqueSlug(name),
        brand: basics.brand,
        description: basics.description,
        price: basics.price,
        discount,
        reviewTarget: randomReviewTarget(random),
        color,
        tag,
        specs: basics.specs,
        createdAt,
        stock: sizes.length > 0 ? null : singleStock(random, slug),
        sizes,
        images: randomImages(random, basics.drawing, color),
      });
    }
  }
  return products;
}
export interface BannerSpec {
  title: string;
  subtitle: string;
  drawing: Drawing;
  color: ProductColor;
  /** Either a fixed listing link or, when null, the detail page of the best discounted racket. */
  link: string | null;
}

export const BANNERS: readonly BannerSpec[] = [
  {
    title: "Nuevas palas de la temporada 2026",
    subtitle: "Las últimas novedades de Bullpadel, Nox, Head y más marcas",
    drawing: "pala",
    color: "Azul",
    link: "/products?category=palas",
  },
  {
    title: "Ofertas de hasta el 40 %",
    subtitle: "Palas seleccionadas a precio de fin de temporada",
    drawing: "pala",
    color: "Rojo",
    link: null,
  },
  {
    title: "Zapatillas para cada pista",
    subtitle: "Agarre, amortiguación y sujeción para moverte sin miedo",
    drawing: "zapatilla",
    color: "Naranja",
    link: "/products?category=zapatillas",
  },
  {
    title: "Prepara tu paletero",
    subtitle: "Pelotas, overgrips y accesorios para no quedarte sin nada",
    drawing: "paletero",
    color: "Verde",
    link: "/products?category=accesorios",
  },
];

export interface BlogPostSpec {
  slug: string;
  title: string;
  excerpt: string;
  /** Paragraphs separated by blank lines. */
  body: string;
  author: string;
  daysAgo: number;
  drawing: Drawing;
  color: ProductColor;
}

export const BLOG_POSTS: readonly BlogPostSpec[] = [
  {
    slug: "como-elegir-tu-primera-pala-de-padel",
    title: "Cómo elegir tu primera pala de pádel",
    excerpt: "Forma, peso y materiales: lo que de verdad importa cuando empiezas a jugar.",
    body: [
      "Elegir la primera pala es una de las decisiones que más dudas genera entre quienes empiezan a jugar al pádel. La oferta es enorme y los catálogos hablan de carbono, núcleos y balances como si todos supiéramos qué significan.",
      "Para empezar, lo más recomendable es una pala de forma redonda. Su punto dulce está en el centro y es más grande, de modo que los golpes descentrados se perdonan mejor y la bola sale con más control.",
      "El peso también cuenta: entre 355 y 370 gramos es un buen punto de partida para la mayoría de los jugadores. Una pala demasiado pesada cansa el brazo y puede provocar molestias en el codo.",
      "En cuanto a los materiales, una cara de fibra de vidrio y un núcleo de goma EVA blanda o foam ofrecen una salida de bola cómoda sin necesidad de golpear fuerte. Cuando tu técnica mejore, llegará el momento de probar el carbono.",
    ].join("\n\n"),
    author: "Lucía Fernández",
    daysAgo: 12,
    drawing: "pala",
    color: "Azul",
  },
  {
    slug: "redonda-lagrima-o-diamante",
    title: "Redonda, lágrima o diamante: qué forma de pala te conviene",
    excerpt:
      "Cada forma reparte el peso y el punto dulce de una manera distinta. Te explicamos cuál encaja con tu juego.",
    body: [
      "La forma de la pala determina dónde está el punto dulce y cómo se reparte el peso. Por eso influye tanto en la sensación de control o de potencia que tenemos al golpear.",
      "Las palas redondas tienen el balance bajo, cerca de la empuñadura. Son manejables, perdonan los errores y son las preferidas de los jugadores defensivos y de quienes se inician.",
      "Las palas de lágrima son el término medio: el balance es medio y el punto dulce algo más alto. Encajan con jugadores polivalentes que defienden bien pero también quieren definir en la red.",
      "Las palas de diamante concentran el peso en la cabeza. Ofrecen la máxima potencia en remates y bandejas, pero exigen buena técnica y una muñeca preparada. Son la elección de los jugadores ofensivos y avanzados.",
    ].join("\n\n"),
    author: "Javier Morales",
    daysAgo: 35,
    drawing: "pala",
    color: "Negro",
  },
  {
    slug: "guia-de-zapatillas-de-padel",
    title: "Guía de zapatillas de pádel: suela, amortiguación y sujeción",
    excerpt:
      "Jugar con zapatillas de running es la forma más rápida de lesionarse. Así se elige un buen calzado de pádel.",
    body: [
      "El pádel se juega con frenadas bruscas, desplazamientos laterales y giros constantes. Unas zapatillas pensadas para correr en línea recta no están preparadas para ese esfuerzo.",
      "La suela es lo primero que hay que mirar. La suela de espiga es la más habitual porque agarra bien en el césped artificial con arena sin quedarse clavada. Las suelas mixtas combinan espiga y omni para pistas con mucha arena.",
      "La amortiguación protege rodillas y tobillos, sobre todo en el talón. Si juegas varias veces por semana, merece la pena invertir en una entresuela de calidad.",
      "Por último, comprueba la sujeción lateral y el refuerzo de la puntera. Son las zonas que más sufren en los arrastres y las que marcan cuánto te van a durar.",
    ].join("\n\n"),
    author: "Lucía Fernández",
    daysAgo: 58,
    drawing: "zapatilla",
    color: "Rojo",
  },
  {
    slug: "cinco-ejercicios-para-mejorar-tu-bandeja",
    title: "Cinco ejercicios para mejorar tu bandeja",
    excerpt:
      "La bandeja es el golpe que separa a los jugadores intermedios de los avanzados. Practícala con estos ejercicios.",
    body: [
      "La bandeja sirve para recuperar la red cuando el rival nos ha lanzado un globo. No busca ganar el punto de inmediato, sino mantener la posición y presionar.",
      "Empieza con un ejercicio de sombra: sin bola, repite el movimiento completo frente a un espejo cuidando que la pala quede por encima de la cabeza y el cuerpo de perfil.",
      "Después, pide a tu compañero globos suaves al centro y dirige la bandeja a la pared lateral del rival. Cuando lo domines, alterna con bandejas al centro de la pista.",
      "Termina con ejercicios de desplazamiento: retrocede desde la red, golpea la bandeja y vuelve a cerrar. La clave está en los pies: si llegas bien colocado, el golpe sale solo.",
    ].join("\n\n"),
    author: "Andrés Rivas",
    daysAgo: 84,
    drawing: "pelotas",
    color: "Amarillo",
  },
  {
    slug: "cuando-cambiar-las-pelotas-de-padel",
    title: "Cuándo cambiar las pelotas de pádel",
    excerpt:
      "Las pelotas pierden presión antes de lo que parece. Aprende a reconocer cuándo ha llegado el momento de abrir un tubo nuevo.",
    body: [
      "Una pelota de pádel empieza a perder presión desde el momento en que se abre el tubo. Tras tres o cuatro partidos, el bote ya no es el mismo aunque a simple vista parezca nueva.",
      "Una prueba sencilla consiste en dejarla caer desde la altura del hombro junto a una pelota nueva. Si bota claramente menos, es hora de sustituirla.",
      "El fieltro también da pistas: cuando se ve liso o calvo, la pelota coge menos efecto y se vuelve más rápida e imprevisible.",
      "Guardar los tubos abiertos en un presurizador alarga su vida útil, pero ningún truco sustituye a unas pelotas nuevas en un partido importante.",
    ].join("\n\n"),
    author: "Javier Morales",
    daysAgo: 121,
    drawing: "pelotas",
    color: "Verde",
  },
];
