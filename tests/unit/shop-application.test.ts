import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import {
  DOCUMENT_TOO_LARGE,
  DOCUMENT_TYPE_REFUSED,
  DOCUMENTS_MISSING,
  DOCUMENTS_TOO_MANY,
  REPLACEMENT_MISSING,
} from "#contract/shops";
import { SHOP_DOCUMENT_MAX_BYTES, SHOP_DOCUMENTS_MAX } from "#contract/shop-labels";
import { rifCheckDigit } from "#contract/tax-ids";
import { changesSchema, shopApplicationSchema } from "~/forms/shop-request.schema";
import { countryOf, fileSize, replacementField, taxIdHint, taxIdLabel } from "~/forms/shop-request.forms";
import { bodyLimitFor, FORM_BODY_LIMIT } from "~/services/body-limits.server";
import { applicationFormData, changesFormData } from "~/services/shops.server";

/**
 * The customer's shop application as the web reads it (issue 10): the contract's fields checked for
 * the chosen country, the documents' count and size (their content is the API's to judge), the
 * replacement form, the multipart body sent on to the API, and the body limit of the two pages.
 */

const pdf = (name = "registro.pdf", size = 64) =>
  new File([new Uint8Array(size).fill(0x25)], name, { type: "application/pdf" });

/** A refused submission's messages by field. */
function errorsOf(submission: object): Record<string, string[] | null> | undefined {
  return "error" in submission ? (submission.error as Record<string, string[] | null> | undefined) : undefined;
}

function application(fields: Record<string, string>, documents: File[] = [pdf()]) {
  const form = new FormData();
  form.set("intent", "solicitar-tienda");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  // A file input left empty still sends one empty part, as browsers do.
  if (documents.length === 0) form.append("documents", new File([], ""), "");
  for (const document of documents) form.append("documents", document);
  return parseWithZod(form, { schema: shopApplicationSchema });
}

const venezuelan = {
  shopName: "Pádel Caracas",
  rif: `j${"31234567"}${rifCheckDigit("J", "31234567")}`,
  country: "VE",
  province: "Distrito Capital",
  city: "Caracas",
  address: "Av. Francisco de Miranda, local 4",
  phone: "0212 285 4410",
};

describe("solicitud de tienda en la web", () => {
  it("acepta una solicitud válida y escribe el RIF y el teléfono en su forma habitual", () => {
    const documents = [pdf("acta.pdf"), new File([new Uint8Array([0x89, 0x50])], "rif.png", { type: "image/png" })];
    const submission = application(venezuelan, documents);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      rif: "J-31234567-5",
      phone: "+58 212 2854410",
      country: "VE",
      shopName: "Pádel Caracas",
    });
    expect(submission.value.documents.map((document) => document.name)).toEqual(["acta.pdf", "rif.png"]);
  });

  it("el identificador fiscal se comprueba con las reglas del país elegido y su mensaje lo nombra", () => {
    const wrongDigit = application({ ...venezuelan, rif: "J-31234567-0" });
    expect(errorsOf(wrongDigit)?.rif?.[0]).toMatch(/^Escribe un RIF válido/);
    // The same RIF in Spain is no NIF: Spain's message.
    const inSpain = application({ ...venezuelan, country: "ES", phone: "+34 914 350 218" });
    expect(errorsOf(inSpain)?.rif?.[0]).toMatch(/^Escribe un NIF o CIF válido/);
    expect(application({ ...venezuelan, country: "ES", rif: "B12345674", phone: "+34 914 350 218" }).status).toBe(
      "success",
    );
    const inUsa = application({ ...venezuelan, country: "US", rif: "00-1234567", phone: "+1 212 555 0123" });
    expect(errorsOf(inUsa)?.rif?.[0]).toMatch(/^Escribe un EIN válido/);
    // A Venezuelan phone for a Spanish shop is refused by the country too.
    expect(errorsOf(application({ ...venezuelan, country: "ES", rif: "B12345674" }))?.phone?.[0]).toMatch(
      /teléfono de España/,
    );
  });

  it("los campos que faltan dicen cuál, y los documentos se cuentan y se miden", () => {
    const empty = application({ intent: "solicitar-tienda" }, []);
    expect(errorsOf(empty)).toMatchObject({
      shopName: ["Escribe el nombre de la tienda."],
      country: ["Elige el país de la tienda."],
      documents: [DOCUMENTS_MISSING],
    });
    // A wrong RIF and phone are named in the same submit as the fields left empty.
    const { city: _city, ...withoutCity } = venezuelan;
    const wrongAndMissing = errorsOf(application({ ...withoutCity, rif: "J-31234567-0", phone: "12" }, []));
    expect(wrongAndMissing?.city).toEqual(["Escribe la ciudad."]);
    expect(wrongAndMissing?.rif?.[0]).toMatch(/^Escribe un RIF válido/);
    expect(wrongAndMissing?.phone?.[0]).toMatch(/teléfono de Venezuela/);
    expect(wrongAndMissing?.documents).toEqual([DOCUMENTS_MISSING]);
    const tooMany = application(
      venezuelan,
      Array.from({ length: SHOP_DOCUMENTS_MAX + 1 }, (_, index) => pdf(`doc-${index}.pdf`)),
    );
    expect(errorsOf(tooMany)?.documents).toEqual([DOCUMENTS_TOO_MANY]);
    const tooLarge = application(venezuelan, [pdf("grande.pdf", SHOP_DOCUMENT_MAX_BYTES + 1)]);
    expect(errorsOf(tooLarge)?.["documents[0]"]).toEqual([DOCUMENT_TOO_LARGE]);
  });

  it("un tipo que el navegador ya sabe ajeno se rechaza aquí; un archivo renombrado lo juzga la API por su contenido", () => {
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "programa.exe", {
      type: "application/x-msdownload",
    });
    expect(errorsOf(application(venezuelan, [exe]))?.["documents[0]"]).toEqual([DOCUMENT_TYPE_REFUSED]);
    const renamed = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00])], "estatutos.pdf", { type: "application/pdf" });
    expect(application(venezuelan, [renamed]).status).toBe("success");
  });

  it("el tamaño de un documento se escribe como lo haría Intl en español (340 kB, 1,3 MB)", () => {
    for (let bytes = 1; bytes < 30 * 1024 * 1024; bytes = Math.ceil(bytes * 1.07) + 13) {
      const intl =
        bytes >= 1024 * 1024
          ? `${(bytes / (1024 * 1024)).toLocaleString("es-ES", { maximumFractionDigits: 1 })} MB`
          : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("es-ES")} kB`;
      expect(fileSize(bytes)).toBe(intl);
    }
  });

  it("la etiqueta del identificador fiscal sigue al país, y sin país nombra los tres", () => {
    expect(taxIdLabel("VE")).toBe("RIF");
    expect(taxIdLabel("ES")).toBe("NIF o CIF");
    expect(taxIdLabel("US")).toBe("EIN");
    expect(taxIdLabel(null)).toBe("Identificador fiscal (RIF; NIF o CIF; EIN)");
    expect(taxIdHint(null)).toHaveLength(3);
    expect(taxIdHint("ES")).toEqual([expect.stringMatching(/^España: NIF o CIF/)]);
    expect(countryOf("VE")).toBe("VE");
    expect(countryOf("FR")).toBeNull();
    expect(countryOf(undefined)).toBeNull();
  });

  it("el reenvío pide cada dato señalado, revisado como en la solicitud, y un archivo por cada documento señalado", () => {
    const ids = ["0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10", "5a1c2e3f-4b5d-4e6f-8a7b-9c0d1e2f3a4b"];
    const schema = changesSchema({
      fields: ["phone", "address"],
      current: { country: "ES", rif: "B12345674", phone: "+34 914 350 218" },
      documentIds: ids,
    });
    const form = new FormData();
    form.set("phone", "+58 212 285 4410");
    form.set("province", "Madrid");
    form.set("city", "");
    form.set("address", "Calle Mayor 5, local 2");
    // Not named: ignored, never sent on.
    form.set("shopName", "Otro nombre");
    form.append(replacementField(ids[0]!), pdf("nuevo.pdf"));
    form.append(replacementField(ids[1]!), new File([], ""), "");
    const refused = parseWithZod(form, { schema });
    expect(refused.status).toBe("error");
    expect(errorsOf(refused)).toEqual({
      city: ["Escribe la ciudad."],
      phone: ["Escribe un teléfono de España válido, por ejemplo +34 914 350 218."],
      [`reemplazo:${ids[1]}`]: [REPLACEMENT_MISSING],
    });

    form.set("phone", "913 456 789");
    form.set("city", "Madrid");
    form.set(replacementField(ids[1]!), pdf("otro.pdf"));
    const accepted = parseWithZod(form, { schema });
    expect(accepted.status).toBe("success");
    const value = (accepted as { value: Record<string, unknown> }).value;
    expect(Object.keys(value).sort()).toEqual(
      ["address", "city", "phone", "province", `reemplazo:${ids[0]}`, `reemplazo:${ids[1]}`].sort(),
    );
    expect(value.phone).toBe("+34 913 45 67 89");
  });

  it("el cuerpo que recibe la API lleva los campos y cada archivo en su parte", () => {
    const fields = {
      shopName: "Pádel Caracas",
      rif: "J-31234567-5",
      country: "VE" as const,
      province: "Miranda",
      city: "Caracas",
      address: "Calle 1",
      phone: "+58 212 2854410",
    };
    const body = applicationFormData(fields, [pdf("a.pdf"), pdf("b.pdf")]);
    expect(body.get("rif")).toBe("J-31234567-5");
    expect(body.get("country")).toBe("VE");
    expect(body.getAll("documents").map((part) => (part as File).name)).toEqual(["a.pdf", "b.pdf"]);

    const replacements = changesFormData(
      { rif: "J-31234567-5" },
      new Map([["0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10", pdf("nuevo.pdf")]]),
    );
    expect([...replacements.keys()]).toEqual(["rif", "reemplazo:0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10"]);
    expect((replacements.get("reemplazo:0b9d7f0e-6f43-4c1e-9a43-2d8f1c3b7a10") as File).name).toBe("nuevo.pdf");
  });

  it("las páginas de la solicitud admiten todos los documentos a su tamaño máximo, y las demás no", () => {
    const allDocuments = SHOP_DOCUMENTS_MAX * SHOP_DOCUMENT_MAX_BYTES;
    for (const path of [
      "/dashboard/shop",
      "/dashboard/shop.data",
      "/dashboard/shop/confirmation",
      "/dashboard/shop/confirmation.data",
    ]) {
      expect(bodyLimitFor(path)).toBeGreaterThan(allDocuments);
      expect(bodyLimitFor(path)).toBeLessThan(allDocuments * 1.1);
    }
    expect(bodyLimitFor("/dashboard/shop/otra")).toBe(FORM_BODY_LIMIT);
  });
});
