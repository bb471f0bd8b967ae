/**
 * CLABE (Clave Bancaria Estandarizada), the 18-digit account number of SPEI
 * (spec: SPEI cash-in payment_info.clabe, cash-out `key` "18-digit CLABE",
 * `bank_code` "auto-detected from the CLABE").
 *
 * Layout (Banco de México / Asociación de Bancos de México): bank code (3),
 * plaza code (3), account (11), check digit (1).
 *
 * Written here rather than taken from the `clabe-validator` package: the
 * algorithm is ten lines, and that package's bank tags lag the current
 * Banxico names (e.g. "BBVA BANCOMER" for 012, now BBVA MEXICO).
 */
import { type Result, type CodecError, ok, err } from "./result";
import { type Rng, cryptoRng, randomDigits, randomPick } from "./rng";

/**
 * SPEI participant codes (the first three CLABE digits) with the short
 * names Banxico uses in its SPEI participant list. Not exhaustive: SPEI adds
 * participants every year, so an unknown code is not by itself an error.
 */
export const CLABE_BANKS: Readonly<Record<string, string>> = {
  "001": "BANXICO",
  "002": "BANAMEX",
  "006": "BANCOMEXT",
  "009": "BANOBRAS",
  "012": "BBVA MEXICO",
  "014": "SANTANDER",
  "019": "BANJERCITO",
  "021": "HSBC",
  "030": "BAJIO",
  "032": "IXE", // merged into Banorte; its CLABEs remain in circulation
  "036": "INBURSA",
  "042": "MIFEL",
  "044": "SCOTIABANK",
  "058": "BANREGIO",
  "059": "INVEX",
  "060": "BANSI",
  "062": "AFIRME",
  "072": "BANORTE",
  "106": "BANK OF AMERICA",
  "108": "MUFG",
  "110": "JP MORGAN",
  "112": "MONEX",
  "113": "VE POR MAS",
  "127": "AZTECA",
  "128": "AUTOFIN",
  "129": "BARCLAYS",
  "130": "COMPARTAMOS",
  "132": "MULTIVA BANCO",
  "133": "ACTINVER",
  "135": "NAFIN",
  "137": "BANCOPPEL",
  "138": "ABC CAPITAL",
  "140": "CONSUBANCO",
  "143": "CIBANCO",
  "145": "BBASE",
  "147": "BANKAOOL",
  "148": "PAGATODO",
  "150": "INMOBILIARIO",
  "152": "BANCREA",
  "155": "ICBC",
  "156": "SABADELL",
  "157": "SHINHAN",
  "158": "MIZUHO BANK",
  "159": "BANK OF CHINA",
  "160": "BANCO S3",
  "166": "BANCO DEL BIENESTAR",
  "167": "HEY BANCO",
  "600": "MONEXCB",
  "601": "GBM",
  "616": "FINAMEX",
  "634": "FINCOMUN",
  "638": "NU MEXICO",
  "646": "STP",
  "659": "ASP INTEGRA OPC",
  "661": "KLAR",
  "677": "CAJA POP MEXICA",
  "684": "TRANSFER",
  "699": "FONDEADORA",
  "703": "TESORED",
  "706": "ARCUS",
  "710": "NVIO",
  "722": "MERCADO PAGO",
  "723": "CUENCA",
  "728": "SPIN BY OXXO",
};

/**
 * Plaza (city) codes, digits 4-6: the main plaza of each state and a few
 * large cities. Since SPEI, banks often use a head-office plaza for every
 * account, so the plaza says little about where an account is; it is shown
 * for information only and an unknown plaza is not an error.
 */
export const CLABE_PLAZAS: Readonly<Record<string, string>> = {
  "010": "Aguascalientes",
  "020": "Mexicali",
  "027": "Tijuana",
  "040": "La Paz",
  "050": "Campeche",
  "060": "Torreón",
  "078": "Saltillo",
  "090": "Colima",
  "100": "Tuxtla Gutiérrez",
  "150": "Chihuahua",
  "164": "Ciudad Juárez",
  "180": "Ciudad de México",
  "190": "Durango",
  "210": "Guanajuato",
  "225": "León",
  "260": "Chilpancingo",
  "261": "Acapulco",
  "290": "Pachuca",
  "320": "Guadalajara",
  "420": "Toluca",
  "470": "Morelia",
  "540": "Cuernavaca",
  "560": "Tepic",
  "580": "Monterrey",
  "610": "Oaxaca",
  "650": "Puebla",
  "680": "Querétaro",
  "690": "Chetumal",
  "691": "Cancún",
  "700": "San Luis Potosí",
  "730": "Culiacán",
  "744": "Mazatlán",
  "760": "Hermosillo",
  "790": "Villahermosa",
  "810": "Ciudad Victoria",
  "813": "Tampico",
  "830": "Tlaxcala",
  "840": "Xalapa",
  "905": "Veracruz",
  "910": "Mérida",
  "930": "Zacatecas",
};

export type ClabeInfo = {
  /** The 18 digits, separators removed. */
  clabe: string;
  bankCode: string;
  /** Short Banxico name, when the code is in CLABE_BANKS. */
  bankName?: string;
  plazaCode: string;
  plazaName?: string;
  /** The 11-digit account number (zero-padded by the bank). */
  account: string;
  checkDigit: number;
};

export type ClabeErrorCode = "INVALID_CHARACTERS" | "INVALID_LENGTH" | "INVALID_CHECK_DIGIT" | "UNKNOWN_BANK";
export type ClabeError = CodecError<ClabeErrorCode>;

const WEIGHTS = [3, 7, 1];

/**
 * Check digit: multiply the first 17 digits by 3, 7, 1, 3, 7, 1, ..., keep
 * each product modulo 10, add them, and take (10 − sum mod 10) mod 10.
 */
export function clabeCheckDigit(first17: string): number {
  if (!/^\d{17}$/.test(first17)) throw new RangeError("clabeCheckDigit needs 17 digits");
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ((first17.charCodeAt(i) - 48) * WEIGHTS[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

export function clabeBankName(bankCode: string): string | undefined {
  return CLABE_BANKS[bankCode];
}

/** The bank a SPEI charge's CLABE is at, by the provider's bank code or else the CLABE's first three digits. */
export function speiBankName(paymentInfo: { bank_code?: string | null; clabe?: string | null } | null | undefined): string | null {
  const code = paymentInfo?.bank_code || paymentInfo?.clabe?.slice(0, 3);
  return (code && clabeBankName(code)) || null;
}

export function clabePlazaName(plazaCode: string): string | undefined {
  return CLABE_PLAZAS[plazaCode];
}

/**
 * Validates a CLABE. Spaces and hyphens are removed first (CLABEs are often
 * printed as "002 010 07777777777 1"). With `requireKnownBank`, a bank code
 * missing from CLABE_BANKS is an error.
 */
export function validateClabe(input: string, options: { requireKnownBank?: boolean } = {}): Result<ClabeInfo, ClabeError> {
  const clabe = input.replace(/[\s-]/g, "");
  if (!/^\d*$/.test(clabe)) return err("INVALID_CHARACTERS", "A CLABE contains only digits.");
  if (clabe.length !== 18) return err("INVALID_LENGTH", `A CLABE has 18 digits; got ${clabe.length}.`);
  const expected = clabeCheckDigit(clabe.slice(0, 17));
  const checkDigit = clabe.charCodeAt(17) - 48;
  if (checkDigit !== expected) {
    return err("INVALID_CHECK_DIGIT", `The CLABE check digit is ${checkDigit} but should be ${expected}; a digit was probably mistyped.`);
  }
  const bankCode = clabe.slice(0, 3);
  const plazaCode = clabe.slice(3, 6);
  const bankName = CLABE_BANKS[bankCode];
  if (options.requireKnownBank && bankName === undefined) {
    return err("UNKNOWN_BANK", `${bankCode} is not a known SPEI participant code.`);
  }
  const plazaName = CLABE_PLAZAS[plazaCode];
  return ok({
    clabe,
    bankCode,
    ...(bankName !== undefined && { bankName }),
    plazaCode,
    ...(plazaName !== undefined && { plazaName }),
    account: clabe.slice(6, 17),
    checkDigit,
  });
}

export function isValidClabe(input: string): boolean {
  return validateClabe(input).ok;
}

/** Builds a CLABE from its parts, appending the check digit. */
export function buildClabe(bankCode: string, plazaCode: string, account: string): string {
  if (!/^\d{3}$/.test(bankCode)) throw new RangeError("bankCode must be 3 digits");
  if (!/^\d{3}$/.test(plazaCode)) throw new RangeError("plazaCode must be 3 digits");
  if (!/^\d{1,11}$/.test(account)) throw new RangeError("account must be 1 to 11 digits");
  const first17 = bankCode + plazaCode + account.padStart(11, "0");
  return first17 + String(clabeCheckDigit(first17));
}

/**
 * A valid random CLABE for the sandbox, with a real bank code and a real
 * plaza code (chosen at random unless given).
 */
export function generateClabe(rng: Rng = cryptoRng, options: { bankCode?: string; plazaCode?: string } = {}): string {
  const bankCode = options.bankCode ?? randomPick(rng, Object.keys(CLABE_BANKS));
  const plazaCode = options.plazaCode ?? randomPick(rng, Object.keys(CLABE_PLAZAS));
  return buildClabe(bankCode, plazaCode, randomDigits(rng, 11));
}
