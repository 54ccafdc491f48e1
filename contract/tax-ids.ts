/**
 * Shop tax ids by country (issue 10): Venezuela's RIF with SENIAT's check digit, Spain's NIF (DNI,
 * NIE or CIF) with its control character, and the USA's EIN with an IRS campus prefix. Each check
 * answers the id in its usual written form, or null when it is not a valid one.
 */

/** RIF: a letter (J company, V and E people, G government, P passport), eight digits, the check digit. */
export function normalizeRif(value: string): string | null {
  const match = /^([JVEGP])-?(\d{8})-?(\d)$/.exec(value.trim().toUpperCase().replace(/\s+/g, ""));
  if (!match) return null;
  const [, letter, digits, check] = match as unknown as [string, keyof typeof RIF_LETTERS, string, string];
  return rifCheckDigit(letter, digits) === Number(check) ? `${letter}-${digits}-${check}` : null;
}

/** SENIAT's weights over the letter's value and the eight digits, modulo 11. */
const RIF_LETTERS = { V: 1, E: 2, J: 3, P: 4, G: 5 } as const;
const RIF_WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2];

export function rifCheckDigit(letter: keyof typeof RIF_LETTERS, digits: string): number {
  const values = [RIF_LETTERS[letter], ...digits.split("").map(Number)];
  const sum = values.reduce((total, value, index) => total + value * RIF_WEIGHTS[index]!, 0);
  const check = 11 - (sum % 11);
  return check >= 10 ? 0 : check;
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";

/** Spain: a DNI (8 digits and a letter), an NIE (X, Y or Z, 7 digits, a letter) or a CIF. */
export function normalizeSpanishTaxId(value: string): string | null {
  const id = value
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, "");
  const personal = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(id);
  if (personal) {
    const [, prefix, digits, letter] = personal as unknown as [string, string, string, string];
    if ((prefix === "" && digits.length !== 8) || (prefix !== "" && digits.length !== 7)) return null;
    const number = Number(`${prefix === "" ? "" : "XYZ".indexOf(prefix)}${digits}`);
    return DNI_LETTERS[number % 23] === letter ? id : null;
  }
  const company = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(id);
  if (!company) return null;
  const [, kind, digits, control] = company as unknown as [string, string, string, string];
  let sum = 0;
  digits.split("").forEach((character, index) => {
    const digit = Number(character);
    if (index % 2 === 1) sum += digit;
    else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  });
  const expected = (10 - (sum % 10)) % 10;
  const letter = "JABCDEFGHI"[expected]!;
  // Some kinds of company always end in a letter, others in a digit; the rest may use either.
  if ("KPQSNW".includes(kind)) return control === letter ? id : null;
  if ("ABEH".includes(kind)) return control === String(expected) ? id : null;
  return control === String(expected) || control === letter ? id : null;
}

/** The IRS campus prefixes an EIN can start with. */
const EIN_PREFIXES = new Set(
  "01 02 03 04 05 06 10 11 12 13 14 15 16 20 21 22 23 24 25 26 27 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 71 72 73 74 75 76 77 80 81 82 83 84 85 86 87 88 90 91 92 93 94 95 98 99".split(
    " ",
  ),
);

/** USA: an EIN, nine digits written 12-3456789, with a valid prefix. */
export function normalizeEin(value: string): string | null {
  const match = /^(\d{2})-?(\d{7})$/.exec(value.trim().replace(/\s+/g, ""));
  if (!match || !EIN_PREFIXES.has(match[1]!)) return null;
  return `${match[1]}-${match[2]}`;
}
