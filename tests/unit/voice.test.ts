import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The store speaks to its shoppers, sellers and admins in tú (issue 13). The only usted texts allowed
 * are the spec's own, kept verbatim (SPEC_USTED_TEXTS); where the spec sits beside the checkout, a test
 * checks each of them is quoted there, so the list cannot grow texts of our own.
 */
const root = path.resolve(import.meta.dirname, "../..");
const SPEC_PATH = path.resolve(root, "../shared/spec/SPEC.md");
const SOURCE_DIRS = ["app", "contract", "api/src", "scripts"];

/** The spec's texts in usted that the store shows verbatim. */
const SPEC_USTED_TEXTS = ["Error de red, intente de nuevo.", "Error desconocido. Intente de nuevo."];

/** Every text the spec quotes ('...'). */
function specTexts(): string[] {
  const spec = readFileSync(SPEC_PATH, "utf8");
  return [...spec.matchAll(/'([^'\n]+)'/g)].map((match) => match[1]!).filter((text) => /\p{L}/u.test(text));
}

const IMPERATIVES = [
  "Escriba",
  "Elija",
  "Envíe",
  "Indique",
  "Añada",
  "Agregue",
  "Adjunte",
  "Guarde",
  "Complete",
  "Revise",
  "Pida",
  "Intente",
  "Recargue",
  "Cambie",
  "Repita",
  "Inicie",
  "Cree",
  "Confirme",
  "Verifique",
  "Actualice",
  "Corrija",
  "Marque",
  "Deje",
  "Pague",
  "Solicite",
  "Abra",
  "Ahorre",
  "Reciba",
  "Pruebe",
  "Publique",
  "Edite",
  "Imprima",
  "Quite",
  "Espere",
  "Conozca",
  "Compare",
  "Proponga",
  "Explique",
  "Pulse",
  "Utilice",
  "Use",
  "Seleccione",
  "Introduzca",
  "Ingrese",
  "Compruebe",
  "Haga",
  "Vuelva",
  "Siga",
  "Vea",
  "Diga",
  "Contacte",
  "Consulte",
  "Acceda",
  "Descubra",
  "Encuentre",
  "Explore",
  "Visite",
  "Recuerde",
  "Tenga",
  "Lea",
  "Rellene",
  "Suba",
  "Compre",
  "Elimine",
  "Borre",
  "Ponga",
  "Escoja",
  "Copie",
  "Busque",
  "Reserve",
  "Canjee",
  "Cancele",
  "Acepte",
  "Rechace",
  "Apruebe",
  "Active",
  "Descargue",
  "Retire",
  "Devuelva",
  "Aplique",
];
const ENCLITIC_IMPERATIVES = [
  "inténtelo",
  "quítelo",
  "redúzcala",
  "reemplácelos",
  "hágala",
  "hágalo",
  "confírmelo",
  "guárdelo",
  "cámbiela",
  "avísenos",
  "indíquelo",
  "búsquelos",
  "fíltrelos",
  "edítelos",
  "elimínelos",
  "escríbanos",
  "escríbalo",
  "contáctenos",
  "cuéntenos",
  "envíenos",
  "reactívela",
  "díganos",
  "llámenos",
  "pregúntenos",
  "indíquenos",
  "asegúrese",
  "regístrese",
  "identifíquese",
  "diríjase",
  "póngase",
  "comuníquese",
];
const READER_THINGS = [
  "carrito",
  "cuenta",
  "contraseña",
  "sesión",
  "cartera",
  "perfil",
  "correo",
  "reseña",
  "plaza",
  "reserva",
  "compra",
  "mensaje",
  "saldo",
  "neto",
  "oferta",
  "método de cobro",
  "solicitud",
  "tienda",
  "documentos",
  "notificaciones",
  "opinión",
  "conexión",
  "seguridad",
  "petición",
  "foto",
  "navegador",
  "bandeja",
  "derechos",
  "consentimiento",
];
/** Also a customer's, a shop's or a file's ("el cliente lo verá en su pedido"): only at the start of a sentence are they the reader's. */
const READER_THINGS_AT_START = ["pedido", "pedidos", "retiro", "retiros", "nombre", "datos"];
const WE_TELL_YOU = [
  "enviamos",
  "enviaremos",
  "avisamos",
  "avisaremos",
  "avisará",
  "avisemos",
  "responderemos",
  "mostraremos",
  "llevamos",
  "indicaremos",
  "reembolsamos",
  "mandamos",
  "esperamos",
  "devolvimos",
  "recordamos",
];

/** A sentence that starts with one of these has the reader as its unnamed subject ("Puede que…" is impersonal). */
const YOUR_VERBS = [
  "tiene",
  "puede(?! que)",
  "ha",
  "había",
  "debe",
  "necesita",
  "quiere",
  "desea",
  "podrá",
  "tendrá",
  "recibirá",
  "verá",
  "encontrará",
];
/** Asked in the past tense ("¿Olvidó su contraseña?"); stated, they are someone else's deed ("Canceló un pedido" in the audit log). */
const YOU_DID = ["olvidó", "compró", "canceló", "eligió", "guardó", "envió", "pidió", "usó", "canjeó", "ha"];
/** Asked in the present ("¿Busca una talla agotada?"); stated, "Busca tu pala" is tú's imperative. */
const YOU_ASK = ["busca", "sabe", "conoce", "prefiere", "recuerda", "olvida"];
const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** Usted forms: the pronoun, its imperatives, "su carrito", "le avisamos", and sentences whose unnamed subject is the reader. */
const USTED_MARKERS: RegExp[] = [
  /(?<!\p{L})usted(?:es)?(?!\p{L})/iu,
  new RegExp(`(?<!\\p{L})(?:${IMPERATIVES.join("|")})(?!\\p{L})`, "u"),
  new RegExp(`(?:^|[.:;!?]\\s+)(?:${IMPERATIVES.map((word) => word.toLowerCase()).join("|")})(?!\\p{L})`, "u"),
  new RegExp(`(?<!\\p{L})(?:${ENCLITIC_IMPERATIVES.join("|")})(?!\\p{L})`, "iu"),
  new RegExp(`(?<!\\p{L})[Ss]us? (?:${READER_THINGS.join("|")})(?!\\p{L})`, "u"),
  new RegExp(`(?:^|[.!?]\\s+|[¿¡])Sus? (?:${READER_THINGS_AT_START.join("|")})(?!\\p{L})`, "u"),
  new RegExp(`(?<!\\p{L})[Ll]e (?:${WE_TELL_YOU.join("|")})(?!\\p{L})`, "u"),
  new RegExp(
    `(?:^|[.!?]\\s+|[¿¡])(?:(?:No|Ya|Ya no|Todavía no|Aún no|Solo|Si|Nunca) (?:${YOUR_VERBS.join("|")})|${YOUR_VERBS.map(capitalized).join("|")})(?!\\p{L})`,
    "u",
  ),
  new RegExp(`¿(?:${YOU_DID.map(capitalized).join("|")})(?!\\p{L})`, "u"),
  new RegExp(`¿(?:${YOU_ASK.map(capitalized).join("|")})(?!\\p{L})`, "u"),
];

type SourceText = { where: string; text: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The texts of a source file: string literals, template pieces and JSX text (code and comments are not read). */
function textsOf(file: string): SourceText[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
  const texts: SourceText[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      // Identifiers such as intents and table names ("use-coupon", "compare_items") are code, not words.
      if (!/^[a-z0-9_:./-]*$/.test(node.text))
        texts.push({ where: `${file}:${line}`, text: node.text.replace(/\s+/g, " ") });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

function ustedIn(text: string, allowed: string[]): string | undefined {
  const ours = allowed.reduce((rest, specText) => rest.split(specText).join(" · "), text);
  const found = USTED_MARKERS.map((marker) => marker.exec(ours)).filter((match) => match !== null);
  return found.sort((a, b) => a.index - b.index)[0]?.[0].trim();
}

describe("una sola voz: tú", () => {
  const allowed = SPEC_USTED_TEXTS;

  // The spec lives outside the repository (../shared/spec): a checkout without it skips this one check.
  it.skipIf(!existsSync(SPEC_PATH))("los textos en usted permitidos son del spec, citados tal cual", () => {
    const quoted = specTexts();
    for (const text of SPEC_USTED_TEXTS) expect(quoted).toContain(text);
    expect(ustedIn("Error de red, intente de nuevo.", allowed)).toBeUndefined();
  });

  it.each([
    ["Escriba su correo electrónico.", "Escriba"],
    ["Ya no le avisaremos de este producto.", "le avisaremos"],
    ["Inicie sesión para ver sus notificaciones.", "Inicie"],
    ["Recargue la página e inténtelo de nuevo.", "Recargue"],
    ["El stock cambió. Revise las cifras y vuelva a guardar.", "Revise"],
    ["Su carrito está vacío.", "Su carrito"],
    ["¿Olvidó su contraseña?", "¿Olvidó"],
    ["No tiene permiso para esta acción.", "No tiene"],
    ["Si tiene dudas, escríbanos.", "Si tiene"],
    ["Otro administrador cambió este registro mientras usted editaba.", "usted"],
    ["Error desconocido. Intente de nuevo más tarde.", "Intente"],
  ])("reconoce el usted de «%s»", (text, marker) => {
    expect(ustedIn(text, allowed)).toBe(marker);
  });

  it.each([
    "Escribe tu correo electrónico.",
    "Ya no te avisaremos de este producto.",
    "El pedido está cancelado: su estado ya no cambia.",
    "Cada tienda prepara y envía su parte del pedido y te avisaremos cuando la envíe.",
    "Puede que el enlace esté mal escrito o que el documento ya no exista.",
    "La contraseña no puede superar los 128 caracteres.",
  ])("deja pasar «%s»", (text) => {
    expect(ustedIn(text, allowed)).toBeUndefined();
  });

  it("ningún texto de app/, contract/, api/src ni scripts/ habla de usted, salvo los del spec", () => {
    const texts = SOURCE_DIRS.flatMap(sourceFiles).flatMap(textsOf);
    expect(texts.length).toBeGreaterThan(1000);
    const usted = texts.flatMap(({ where, text }) => {
      const found = ustedIn(text, allowed);
      return found === undefined ? [] : [`${where}: «${found}» en «${text.trim()}»`];
    });
    expect(usted).toEqual([]);
  });
});
