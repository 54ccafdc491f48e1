import sharp from "sharp";
import { BANNER_IMAGE_WIDTHS, IMAGE_WIDTHS, type ImageWidth } from "#contract/media";
import type { FileStore } from "../files/store.js";
import {
  encodeImage,
  keepEncodedImage,
  saveStoredImage,
  type EncodedImage,
  type TransactionRunner,
} from "../modules/media/service.js";
import { type Drawing, type ProductColor, type ProductImageSpec } from "./catalogue.js";
import { encodeOnce } from "./image-cache.js";

/**
 * Pictures for the demo store, drawn as SVG at seed time (no downloads) and stored through the
 * media service like any upload. Product pictures are a shared pool, one per drawing, colour and
 * view, so a catalogue of any size draws at most a couple of hundred images.
 */

const COLOR_HEX: Record<ProductColor, string> = {
  Negro: "#23262b",
  Blanco: "#f4f4f1",
  Rojo: "#d7263d",
  Azul: "#1f5bd8",
  Verde: "#2e9e4f",
  Amarillo: "#f2c500",
  Naranja: "#f47b20",
  Gris: "#8a929c",
  Rosa: "#e75d9c",
};

const COURT_BLUE = "#1f63b0";
const BALL_YELLOW = "#d9ec3c";

function parseHex(hex: string): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

/** Moves `hex` towards `target` by `amount` (0 to 1). */
function mix(hex: string, target: string, amount: number): string {
  const from = parseHex(hex);
  const to = parseHex(target);
  return `#${from
    .map((channel, i) =>
      Math.round(channel + (to[i] - channel) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
const darker = (hex: string, amount: number) => mix(hex, "#000000", amount);
const lighter = (hex: string, amount: number) => mix(hex, "#ffffff", amount);

function isLight(hex: string): boolean {
  const [r, g, b] = parseHex(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

/** A colour that stands out on `hex`, for stripes and logos. */
function accentFor(hex: string): string {
  return isLight(hex) ? darker(hex, 0.45) : lighter(hex, 0.7);
}

/** The tones a product of one colour is drawn in. */
interface Palette {
  main: string;
  outline: string;
  accent: string;
  shade: string;
  highlight: string;
}

function paletteFor(color: ProductColor): Palette {
  const main = COLOR_HEX[color];
  return {
    main,
    outline: darker(main, color === "Negro" ? 0.5 : 0.38),
    accent: accentFor(main),
    shade: darker(main, 0.18),
    highlight: lighter(main, 0.25),
  };
}

function racket(p: Palette, id: string): string {
  const head =
    "M400,70 C522,70 604,152 604,292 C604,420 544,500 458,558 L446,604 L354,604 L342,558 C256,500 196,420 196,292 C196,152 278,70 400,70 Z";
  const throatHole = "M400,486 C416,512 430,536 434,556 L366,556 C370,536 384,512 400,486 Z";
  const face =
    "M400,96 C506,96 578,166 578,292 C578,398 528,462 466,506 L334,506 C272,462 222,398 222,292 C222,166 294,96 400,96 Z";
  const gripLines = Array.from({ length: 8 }, (_, i) => {
    const y = 616 + i * 17;
    return `<path d="M364,${y} L436,${y + 10}" stroke="#3d434b" stroke-width="5"/>`;
  }).join("");
  return `
  <defs>
    <clipPath id="${id}-face"><path d="${face}"/></clipPath>
    <clipPath id="${id}-holes"><path d="${face}" transform="translate(400 300) scale(0.84) translate(-400 -300)"/></clipPath>
    <pattern id="${id}-hole" width="34" height="30" patternUnits="userSpaceOnUse">
      <circle cx="8.5" cy="7.5" r="6" fill="#0d1116" fill-opacity="0.55"/>
      <circle cx="25.5" cy="22.5" r="6" fill="#0d1116" fill-opacity="0.55"/>
    </pattern>
    <linearGradient id="${id}-gloss" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
      <stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <path d="${head} ${throatHole}" fill-rule="evenodd" fill="${p.outline}"/>
  <path d="${face}" fill="${p.main}"/>
  <g clip-path="url(#${id}-face)">
    <path d="M170,430 C300,330 470,360 640,180 L640,250 C480,420 320,400 170,500 Z" fill="${p.accent}" fill-opacity="0.85"/>
    <path d="M170,505 C320,410 480,430 640,262 L640,282 C480,450 320,430 170,525 Z" fill="${p.highlight}"/>
    <rect x="190" y="90" width="420" height="430" fill="url(#${id}-hole)" clip-path="url(#${id}-holes)"/>
    <rect x="190" y="60" width="420" height="460" fill="url(#${id}-gloss)"/>
  </g>
  <rect x="362" y="598" width="76" height="150" rx="16" fill="#262a30"/>
  ${gripLines}
  <rect x="354" y="736" width="92" height="24" rx="11" fill="${p.main}" stroke="${p.outline}" stroke-width="4"/>`;
}

function shoe(p: Palette): string {
  const upper =
    "M150,520 L150,360 C150,318 172,298 206,300 C242,302 264,322 300,338 C336,352 360,340 372,300 L382,262 C386,248 402,244 414,250 L452,272 C462,278 464,290 458,300 L452,312 C520,360 600,400 668,430 C700,446 712,476 708,520 Z";
  const laces = Array.from({ length: 5 }, (_, i) => {
    const x = 462 + i * 28;
    const y = 318 + i * 20;
    return `<path d="M${x - 14},${y + 14} L${x + 18},${y - 12}" stroke="#ffffff" stroke-width="9" stroke-linecap="round"/>`;
  }).join("");
  const tread = Array.from(
    { length: 14 },
    (_, i) => `<rect x="${178 + i * 36}" y="566" width="18" height="14" rx="3" fill="#484d54"/>`,
  ).join("");
  return `
  <path d="${upper}" fill="${p.main}" stroke="${p.outline}" stroke-width="6" stroke-linejoin="round"/>
  <path d="M150,520 L150,372 C178,376 204,400 214,432 L226,520 Z" fill="${p.shade}"/>
  <path d="M598,438 C646,450 700,470 708,520 L586,520 C580,492 584,462 598,438 Z" fill="${p.shade}"/>
  <path d="M262,486 C352,430 452,402 560,410" stroke="${p.accent}" stroke-width="18" fill="none" stroke-linecap="round"/>
  <path d="M292,512 C380,464 470,440 568,446" stroke="${p.accent}" stroke-width="10" fill="none" stroke-linecap="round" stroke-opacity="0.8"/>
  ${laces}
  <path d="M140,515 L712,515 C718,545 706,562 680,562 L170,562 C150,562 138,548 140,515 Z" fill="#f7f7f4" stroke="${p.outline}" stroke-width="5"/>
  <path d="M160,538 L700,538" stroke="${p.accent}" stroke-width="6"/>
  <path d="M150,560 L692,560 C704,562 704,584 690,586 L168,586 C150,586 146,566 150,560 Z" fill="#2e3238"/>
  ${tread}`;
}

function ball(cx: number, cy: number, r: number, id: string): string {
  const k = r * 0.72;
  return `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#${id}-ball)" stroke="#a9b82a" stroke-width="3"/>
  <path d="M${cx - k},${cy - k} C${cx - r * 0.1},${cy - r * 0.35} ${cx - r * 0.1},${cy + r * 0.35} ${cx - k},${cy + k}" stroke="#ffffff" stroke-width="${r * 0.09}" fill="none"/>
  <path d="M${cx + k},${cy - k} C${cx + r * 0.1},${cy - r * 0.35} ${cx + r * 0.1},${cy + r * 0.35} ${cx + k},${cy + k}" stroke="#ffffff" stroke-width="${r * 0.09}" fill="none"/>`;
}

function ballDefs(id: string): string {
  return `<radialGradient id="${id}-ball" cx="38%" cy="35%" r="70%">
      <stop offset="0" stop-color="${lighter(BALL_YELLOW, 0.45)}"/>
      <stop offset="1" stop-color="${darker(BALL_YELLOW, 0.12)}"/>
    </radialGradient>`;
}

function ballTube(p: Palette, id: string): string {
  return `
  <defs>
    ${ballDefs(id)}
    <linearGradient id="${id}-tube" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="0.3" stop-color="#ffffff" stop-opacity="0.15"/>
      <stop offset="1" stop-color="#c9d3dc" stop-opacity="0.45"/>
    </linearGradient>
  </defs>
  ${ball(400, 214, 84, id)}
  ${ball(400, 558, 84, id)}
  <rect x="306" y="124" width="188" height="528" rx="26" fill="url(#${id}-tube)" stroke="#9aa6b2" stroke-width="4"/>
  <rect x="306" y="300" width="188" height="176" fill="${p.main}" stroke="${p.outline}" stroke-width="4"/>
  <path d="M306,356 L494,330 L494,352 L306,378 Z" fill="${p.accent}"/>
  <circle cx="400" cy="420" r="26" fill="${p.accent}"/>
  <rect x="296" y="96" width="208" height="48" rx="14" fill="${p.main}" stroke="${p.outline}" stroke-width="5"/>
  <rect x="300" y="640" width="200" height="34" rx="12" fill="${p.shade}" stroke="${p.outline}" stroke-width="4"/>
  ${ball(594, 618, 84, id)}
  ${ball(214, 636, 64, id)}`;
}

function bag(p: Palette, id: string): string {
  const body =
    "M120,420 C120,350 176,300 250,300 L550,300 C624,300 680,350 680,420 L680,560 C680,596 654,620 618,620 L182,620 C146,620 120,596 120,560 Z";
  return `
  <defs><clipPath id="${id}-body"><path d="${body}"/></clipPath></defs>
  <path d="M300,312 C300,196 500,196 500,312" fill="none" stroke="${p.outline}" stroke-width="26" stroke-linecap="round"/>
  <path d="M320,312 C322,226 478,226 480,312" fill="none" stroke="${p.shade}" stroke-width="12" stroke-linecap="round"/>
  <path d="${body}" fill="${p.main}" stroke="${p.outline}" stroke-width="6"/>
  <g clip-path="url(#${id}-body)">
    <rect x="100" y="470" width="600" height="34" fill="${p.accent}"/>
    <path d="M560,300 C640,300 690,350 690,430 L690,640 L600,640 C620,540 620,400 560,300 Z" fill="${p.shade}"/>
  </g>
  <rect x="196" y="400" width="300" height="170" rx="40" fill="${p.shade}" stroke="${p.outline}" stroke-width="4"/>
  <path d="M214,418 L478,418" stroke="#1b1e22" stroke-width="6" stroke-dasharray="4 5"/>
  <path d="M158,356 C260,322 540,322 642,356" fill="none" stroke="#1b1e22" stroke-width="7" stroke-dasharray="5 6"/>
  <rect x="520" y="334" width="16" height="40" rx="5" fill="#c3c9cf" stroke="#1b1e22" stroke-width="3"/>
  <circle cx="346" cy="488" r="28" fill="${p.accent}"/>`;
}

function shirt(p: Palette): string {
  const body =
    "M300,150 C340,182 460,182 500,150 L642,210 L704,340 L606,384 L582,322 L582,662 C582,674 574,682 562,682 L238,682 C226,682 218,674 218,662 L218,322 L194,384 L96,340 L158,210 Z";
  return `
  <path d="${body}" fill="${p.main}" stroke="${p.outline}" stroke-width="6" stroke-linejoin="round"/>
  <path d="M300,150 C340,206 460,206 500,150" fill="none" stroke="${p.shade}" stroke-width="16"/>
  <path d="M218,420 L218,360 L420,682 L350,682 Z" fill="${p.accent}" fill-opacity="0.85"/>
  <path d="M660,250 L704,340 L606,384 L590,344 Z" fill="${p.shade}"/>
  <path d="M140,250 L96,340 L194,384 L210,344 Z" fill="${p.shade}"/>
  <path d="M616,362 L692,328" stroke="${p.accent}" stroke-width="10"/>
  <path d="M184,362 L108,328" stroke="${p.accent}" stroke-width="10"/>
  <circle cx="494" cy="272" r="22" fill="${p.accent}"/>`;
}

function shorts(p: Palette): string {
  const body = "M226,200 L574,200 L628,568 L440,600 L400,372 L360,600 L172,568 Z";
  return `
  <path d="${body}" fill="${p.main}" stroke="${p.outline}" stroke-width="6" stroke-linejoin="round"/>
  <rect x="222" y="194" width="356" height="54" rx="10" fill="${p.shade}" stroke="${p.outline}" stroke-width="5"/>
  <path d="M380,248 C370,290 360,300 350,320 M420,248 C430,290 440,300 450,320" stroke="#ffffff" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M248,248 L196,552" stroke="${p.accent}" stroke-width="16"/>
  <path d="M552,248 L604,552" stroke="${p.accent}" stroke-width="16"/>
  <path d="M400,372 L400,248" stroke="${p.outline}" stroke-width="4"/>
  <circle cx="512" cy="520" r="20" fill="${p.accent}"/>`;
}

function gripRoll(cx: number, cy: number, r: number, p: Palette): string {
  const rings = [0.85, 0.7, 0.55]
    .map((k) => `<circle cx="${cx}" cy="${cy}" r="${r * k}" fill="none" stroke="${p.shade}" stroke-width="5"/>`)
    .join("");
  return `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="${p.main}" stroke="${p.outline}" stroke-width="6"/>
  ${rings}
  <circle cx="${cx}" cy="${cy}" r="${r * 0.36}" fill="#f2f4f6" stroke="${p.outline}" stroke-width="5"/>`;
}

function overgrips(p: Palette): string {
  return `
  <path d="M470,470 C560,520 650,560 720,640 L690,668 C620,600 540,560 450,515 Z" fill="${p.main}" stroke="${p.outline}" stroke-width="5"/>
  <path d="M500,500 L540,520 M560,530 L600,552 M620,566 L660,598" stroke="${p.accent}" stroke-width="6"/>
  ${gripRoll(270, 470, 150, p)}
  ${gripRoll(520, 360, 150, p)}
  <rect x="470" y="520" width="130" height="40" rx="8" fill="${p.accent}" transform="rotate(28 535 540)"/>`;
}

function wristband(cx: number, cy: number, scale: number, p: Palette): string {
  const terry = Array.from({ length: 12 }, (_, i) => {
    const x = -170 + i * 31;
    return `<path d="M${x},40 L${x},140" stroke="${p.shade}" stroke-width="4"/>`;
  }).join("");
  return `
  <g transform="translate(${cx} ${cy}) scale(${scale})">
    <path d="M-200,0 L-200,120 A200,86 0 0 0 200,120 L200,0 Z" fill="${p.main}" stroke="${p.outline}" stroke-width="6"/>
    ${terry}
    <ellipse cx="0" cy="0" rx="200" ry="86" fill="${p.shade}" stroke="${p.outline}" stroke-width="6"/>
    <ellipse cx="0" cy="8" rx="164" ry="62" fill="${darker(p.main, 0.4)}"/>
    <rect x="-56" y="120" width="112" height="44" rx="8" fill="${p.accent}"/>
  </g>`;
}

function wristbands(p: Palette): string {
  return `${wristband(290, 300, 0.8, p)}${wristband(480, 470, 1, p)}`;
}

/**
 * The product alone, in an 800 × 800 box, as SVG elements to place in a scene. `id` prefixes its
 * gradient and clip ids so two drawings can share one picture.
 */
function drawItem(drawing: Drawing, color: ProductColor, id: string): string {
  const palette = paletteFor(color);
  switch (drawing) {
    case "pala":
      return racket(palette, id);
    case "zapatilla":
      return shoe(palette);
    case "pelotas":
      return ballTube(palette, id);
    case "paletero":
      return bag(palette, id);
    case "camiseta":
      return shirt(palette);
    case "pantalon":
      return shorts(palette);
    case "overgrip":
      return overgrips(palette);
    case "munequera":
      return wristbands(palette);
  }
}

/** Where each drawing touches the floor, so its shadow sits right under it. */
const DRAWING_BOTTOM: Record<Drawing, number> = {
  pala: 760,
  zapatilla: 586,
  pelotas: 702,
  paletero: 620,
  camiseta: 682,
  pantalon: 600,
  overgrip: 668,
  munequera: 676,
};

function floorShadow(id: string, cx: number, cy: number, rx: number): string {
  return `<defs><radialGradient id="${id}-shadow"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
  <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="url(#${id}-shadow)"/>`;
}

/** Court lines in perspective over a blue floor, the backdrop of banners, blog posts and one product view. */
function courtBackdrop(width: number, height: number, horizon: number): string {
  const mid = width / 2;
  return `
  <rect width="${width}" height="${height}" fill="#0f2f57"/>
  <rect y="${horizon - height * 0.28}" width="${width}" height="${height * 0.28}" fill="#12406f"/>
  ${Array.from({ length: 9 }, (_, i) => `<rect x="${(width / 8) * i - 3}" y="${horizon - height * 0.28}" width="6" height="${height * 0.28}" fill="#0b2543"/>`).join("")}
  <polygon points="0,${height} ${width},${height} ${width * 0.82},${horizon} ${width * 0.18},${horizon}" fill="${COURT_BLUE}"/>
  <polygon points="0,${horizon} ${width * 0.18},${horizon} 0,${height}" fill="#17508f"/>
  <polygon points="${width},${horizon} ${width * 0.82},${horizon} ${width},${height}" fill="#17508f"/>
  <g stroke="#ffffff" stroke-width="${Math.max(3, width / 260)}" fill="none" stroke-opacity="0.9">
    <polyline points="${width * 0.06},${height} ${width * 0.18},${horizon} ${width * 0.82},${horizon} ${width * 0.94},${height}"/>
    <line x1="${width * 0.145}" y1="${horizon + (height - horizon) * 0.3}" x2="${width * 0.855}" y2="${horizon + (height - horizon) * 0.3}"/>
    <line x1="${mid}" y1="${horizon + (height - horizon) * 0.3}" x2="${mid}" y2="${height}"/>
  </g>`;
}

/** A photo studio's paper sweep. Linear, not radial: librsvg fills a full-frame radial gradient four times slower. */
const STUDIO_BACKGROUND = `<defs><linearGradient id="studio" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#eceff2"/><stop offset="1" stop-color="#dde3e9"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#studio)"/>`;

/**
 * Three views per drawing so a product's pictures differ: in the studio, tilted on the court, and
 * a close-up on a tint of its colour.
 */
function productSvg({ drawing, color, view }: ProductImageSpec): string {
  const id = `v${view}`;
  const item = drawItem(drawing, color, id);
  let scene: string;
  if (view === 0) {
    scene = `${STUDIO_BACKGROUND}${floorShadow(id, 400, DRAWING_BOTTOM[drawing] + 14, 300)}${item}`;
  } else if (view === 1) {
    scene = `${courtBackdrop(800, 800, 330)}${floorShadow(id, 420, DRAWING_BOTTOM[drawing] * 0.9 + 60, 320)}
      <g transform="translate(400 410) rotate(-14) scale(0.9) translate(-400 -410)">${item}</g>`;
  } else {
    const tint = lighter(COLOR_HEX[color], isLight(COLOR_HEX[color]) ? 0.2 : 0.82);
    const backdrop = color === "Blanco" ? "#d6dde5" : tint;
    scene = `<rect width="800" height="800" fill="${backdrop}"/>
      <circle cx="400" cy="400" r="330" fill="#ffffff" fill-opacity="0.35"/>
      <g transform="translate(400 400) scale(1.3) rotate(10) translate(-400 -380)">${item}</g>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">${scene}</svg>`;
}

function categorySvg(drawing: Drawing, color: ProductColor): string {
  const ring = lighter(COLOR_HEX[color], 0.75);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="#f5f7f9"/>
  <circle cx="400" cy="400" r="360" fill="${ring}"/>
  <circle cx="400" cy="400" r="300" fill="#ffffff" fill-opacity="0.6"/>
  <g transform="translate(400 400) scale(0.78) translate(-400 -400)">${drawItem(drawing, color, "c")}</g>
</svg>`;
}

export interface BannerArt {
  title: string;
  drawing: Drawing;
  color: ProductColor;
}

/**
 * A banner's picture carries no words: the store writes the title, subtitle and link over it in
 * HTML, readable at any size. The left side is kept dark and plain for that text; the product
 * stands on the right, which is the part a phone's narrower crop keeps. Drawn at the widest served
 * width, 2464 px, so the largest variant is as sharp as the rest.
 */
function bannerSvg({ drawing, color }: BannerArt): string {
  const [width, height] = [BANNER_IMAGE_WIDTHS[BANNER_IMAGE_WIDTHS.length - 1], 924];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 600">
  ${courtBackdrop(1600, 600, 250)}
  <defs>
    <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#06182f" stop-opacity="0.95"/>
      <stop offset="0.45" stop-color="#06182f" stop-opacity="0.7"/>
      <stop offset="0.7" stop-color="#06182f" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="1600" height="600" fill="url(#fade)"/>
  <g transform="translate(1230 300) scale(0.7) rotate(${drawing === "pala" ? -18 : -6}) translate(-400 -420)">${drawItem(drawing, color, "b")}</g>
  <defs>${ballDefs("scene")}</defs>
  ${ball(1450, 520, 46, "scene")}
</svg>`;
}

function blogSvg(drawing: Drawing, color: ProductColor): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  ${courtBackdrop(1200, 675, 280)}
  <defs>${ballDefs("scene")}</defs>
  <g transform="translate(600 420) scale(0.7) rotate(-10) translate(-400 -420)">${drawItem(drawing, color, "p")}</g>
  ${ball(880, 590, 40, "scene")}
  ${ball(300, 610, 34, "scene")}
</svg>`;
}

/**
 * Lossless, uncompressed PNG: the media service decodes it at once and re-encodes to WebP, so
 * spending time on compression here would be wasted.
 */
function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}

/** As many as libuv's default thread pool, where sharp does its work. */
const RENDER_CONCURRENCY = 4;

/**
 * Renders and encodes several pictures at a time (sharp works off the main thread), then stores
 * them one after another, their files first: `db` may be a transaction, which runs one statement at a time.
 */
async function storeDrawings(
  db: TransactionRunner,
  files: FileStore,
  drawings: { svg: string; alt: string; widths?: readonly ImageWidth[] }[],
): Promise<string[]> {
  const encoded = new Array<EncodedImage>(drawings.length);
  let next = 0;
  const worker = async () => {
    while (next < drawings.length) {
      const index = next++;
      const { svg, widths = IMAGE_WIDTHS } = drawings[index];
      encoded[index] = await encodeOnce(svg, widths, async () => encodeImage(await renderSvg(svg), widths));
    }
  };
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker));
  const ids: string[] = [];
  for (const [index, image] of encoded.entries())
    ids.push(await saveStoredImage(db, await keepEncodedImage(files, image), drawings[index].alt));
  return ids;
}

export const productImageKey = ({ drawing, color, view }: ProductImageSpec): string => `${drawing}:${color}:${view}`;

const DRAWING_NAMES: Record<Drawing, string> = {
  pala: "Pala de pádel",
  zapatilla: "Zapatilla de pádel",
  pelotas: "Tubo de pelotas de pádel",
  paletero: "Paletero",
  camiseta: "Camiseta deportiva",
  pantalon: "Pantalón corto o falda deportiva",
  overgrip: "Overgrips",
  munequera: "Muñequeras",
};
const VIEW_NAMES = ["", " sobre la pista", " en detalle"];

export interface SeedImageRequest {
  categories: readonly { name: string; drawing: Drawing; color: ProductColor }[];
  /** Every picture the products use; repeats are drawn once. */
  products: readonly ProductImageSpec[];
  banners: readonly BannerArt[];
  blogPosts: readonly { title: string; drawing: Drawing; color: ProductColor }[];
}

export interface SeedImageIds {
  categories: string[];
  /** By `productImageKey`. */
  products: Map<string, string>;
  banners: string[];
  blogPosts: string[];
}

/** Draws and stores every picture of the demo store in one batch, so the renderers stay busy. */
export async function storeSeedImages(
  db: TransactionRunner,
  files: FileStore,
  request: SeedImageRequest,
): Promise<SeedImageIds> {
  const productSpecs = [...new Map(request.products.map((spec) => [productImageKey(spec), spec])).values()];
  const drawings = [
    ...request.categories.map((category) => ({
      svg: categorySvg(category.drawing, category.color),
      alt: `Categoría ${category.name}`,
    })),
    ...productSpecs.map((spec) => ({
      svg: productSvg(spec),
      alt: `${DRAWING_NAMES[spec.drawing]} de color ${spec.color.toLowerCase()}${VIEW_NAMES[spec.view]}`,
    })),
    ...request.banners.map((banner) => ({ svg: bannerSvg(banner), alt: banner.title, widths: BANNER_IMAGE_WIDTHS })),
    ...request.blogPosts.map((post) => ({ svg: blogSvg(post.drawing, post.color), alt: post.title })),
  ];
  const ids = await storeDrawings(db, files, drawings);
  let taken = 0;
  const take = (count: number) => ids.slice(taken, (taken += count));
  const categoryIds = take(request.categories.length);
  const productIds = take(productSpecs.length);
  return {
    categories: categoryIds,
    products: new Map(productSpecs.map((spec, index) => [productImageKey(spec), productIds[index]])),
    banners: take(request.banners.length),
    blogPosts: take(request.blogPosts.length),
  };
}
