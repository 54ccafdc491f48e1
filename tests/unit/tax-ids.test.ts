import { describe, expect, it } from "vitest";
import { normalizePhone, normalizeTaxId } from "#contract/shops";
import { normalizeEin, normalizeRif, normalizeSpanishTaxId, rifCheckDigit } from "#contract/tax-ids";

/**
 * Tax id vectors worked out by hand from each authority's rule (the sums are in the comments), so
 * a change to a weight, a table or a kind's rule fails here.
 */
describe("RIF (Venezuela)", () => {
  // J=3: 3·4 + 1·3 + 2·2 + 3·7 + 4·6 + 5·5 + 6·4 + 7·3 + 8·2 = 150; 150 mod 11 = 7; 11 - 7 = 4.
  it("calcula el dígito verificador del SENIAT", () => {
    expect(rifCheckDigit("J", "12345678")).toBe(4);
    // V=1: 1·4 + the same eight digits (150 - 12 = 138) = 142; 142 mod 11 = 10; 11 - 10 = 1.
    expect(rifCheckDigit("V", "12345678")).toBe(1);
    // G=5: 5·4 + 2·3 + 3·2 = 32; 32 mod 11 = 10; 11 - 10 = 1.
    expect(rifCheckDigit("G", "20000003")).toBe(1);
    // P=4: 4·4 + 1·2 = 18; 18 mod 11 = 7; 11 - 7 = 4.
    expect(rifCheckDigit("P", "00000001")).toBe(4);
    // Remainders 1 and 0 would give 10 and 11: both are written 0. J-00000000: 12 mod 11 = 1; J-00000005: 12 + 10 = 22, mod 11 = 0.
    expect(rifCheckDigit("J", "00000000")).toBe(0);
    expect(rifCheckDigit("J", "00000005")).toBe(0);
  });

  it("acepta los RIF válidos con o sin guiones y los escribe J-12345678-4", () => {
    expect(normalizeRif("J-12345678-4")).toBe("J-12345678-4");
    expect(normalizeRif("j123456784")).toBe("J-12345678-4");
    expect(normalizeRif(" V-12345678-1 ")).toBe("V-12345678-1");
    expect(normalizeRif("G-20000003-1")).toBe("G-20000003-1");
    expect(normalizeRif("P-00000001-4")).toBe("P-00000001-4");
    expect(normalizeRif("J-00000005-0")).toBe("J-00000005-0");
    expect(normalizeTaxId("VE", "J-00006372-9")).toBe("J-00006372-9");
  });

  it("rechaza un dígito verificador equivocado, una letra desconocida y longitudes incorrectas", () => {
    expect(normalizeRif("J-12345678-9")).toBeNull();
    expect(normalizeRif("J-00000000-1")).toBeNull();
    expect(normalizeRif("V-12345678-4")).toBeNull();
    expect(normalizeRif("X-12345678-4")).toBeNull();
    expect(normalizeRif("J-1234567-4")).toBeNull();
    expect(normalizeRif("J-123456789-4")).toBeNull();
    expect(normalizeRif("")).toBeNull();
  });
});

describe("NIF (España)", () => {
  it("DNI: ocho cifras y la letra del resto entre 23 (12345678 mod 23 = 14 → Z)", () => {
    expect(normalizeSpanishTaxId("12345678Z")).toBe("12345678Z");
    expect(normalizeSpanishTaxId("12.345.678-z")).toBe("12345678Z");
    expect(normalizeSpanishTaxId("12345678A")).toBeNull();
    expect(normalizeSpanishTaxId("1234567Z")).toBeNull();
  });

  it("NIE: X, Y y Z valen 0, 1 y 2 delante de las siete cifras", () => {
    // 01234567 mod 23 = 19 → L; 11234567 mod 23 = 10 → X; 21234567 mod 23 = 1 → R.
    expect(normalizeSpanishTaxId("X1234567L")).toBe("X1234567L");
    expect(normalizeSpanishTaxId("Y1234567X")).toBe("Y1234567X");
    expect(normalizeSpanishTaxId("Z1234567R")).toBe("Z1234567R");
    expect(normalizeSpanishTaxId("X1234567X")).toBeNull();
    expect(normalizeSpanishTaxId("X12345678L")).toBeNull();
  });

  it("CIF que termina en cifra (A, B, E, H)", () => {
    // 2801586: pares 2,0,5,6 doblados y sumados por cifras 4+0+1+3 = 8; impares 8+1+8 = 17; 25 → (10 - 5) mod 10 = 5.
    expect(normalizeSpanishTaxId("A28015865")).toBe("A28015865");
    // 1234567: pares 1,3,5,7 → 2,6,10,14 → 2+6+1+5 = 14; impares 2+4+6 = 12; 26 → (10 - 6) mod 10 = 4.
    expect(normalizeSpanishTaxId("B12345674")).toBe("B12345674");
    // 4012345: pares 4,1,3,5 → 8+2+6+1 = 17; impares 0+2+4 = 6; 23 → 7 (the Madrid demo shop's CIF).
    expect(normalizeSpanishTaxId("B-4012345-7")).toBe("B40123457");
    expect(normalizeSpanishTaxId("A28015864")).toBeNull();
    // The matching letter (E for 5) is not allowed for these kinds.
    expect(normalizeSpanishTaxId("A2801586E")).toBeNull();
  });

  it("CIF que termina en letra (P, Q, S, N, W, K) y los que admiten las dos", () => {
    // 2826000: pares 2,2,0,0 → 4+4 = 8; impares 8+6+0 = 14; 22 → 8 → «JABCDEFGHI»[8] = H.
    expect(normalizeSpanishTaxId("Q2826000H")).toBe("Q2826000H");
    expect(normalizeSpanishTaxId("Q28260008")).toBeNull();
    expect(normalizeSpanishTaxId("Q2826000G")).toBeNull();
    // G (associations) may end in either: 8765432 → 3 or C.
    expect(normalizeSpanishTaxId("G87654323")).toBe("G87654323");
    expect(normalizeSpanishTaxId("G8765432C")).toBe("G8765432C");
    expect(normalizeSpanishTaxId("G8765432D")).toBeNull();
    // I, O and Ñ are no kinds of company.
    expect(normalizeSpanishTaxId("I12345674")).toBeNull();
    expect(normalizeTaxId("ES", "B12345674")).toBe("B12345674");
  });
});

describe("EIN (Estados Unidos)", () => {
  it("nueve cifras con un prefijo de oficina del IRS", () => {
    expect(normalizeEin("12-3456789")).toBe("12-3456789");
    expect(normalizeEin("123456789")).toBe("12-3456789");
    expect(normalizeEin("98-7654321")).toBe("98-7654321");
    for (const prefix of [
      "00",
      "07",
      "08",
      "09",
      "17",
      "18",
      "19",
      "28",
      "29",
      "49",
      "69",
      "70",
      "78",
      "79",
      "89",
      "96",
      "97",
    ]) {
      expect(normalizeEin(`${prefix}-1234567`), prefix).toBeNull();
    }
    expect(normalizeEin("12-345678")).toBeNull();
    expect(normalizeEin("12-34567890")).toBeNull();
    expect(normalizeTaxId("US", "J-12345678-4")).toBeNull();
  });
});

describe("teléfono por país", () => {
  it("acepta un número del país elegido y lo escribe en forma internacional", () => {
    expect(normalizePhone("ES", "914 350 218")).toMatch(/^\+34 914/);
    expect(normalizePhone("VE", "0212-285-4410")).toMatch(/^\+58 212/);
    expect(normalizePhone("US", "(212) 555-0123")).toMatch(/^\+1 212/);
    expect(normalizePhone("ES", "+58 212 285 4410")).toBeNull();
  });
});
