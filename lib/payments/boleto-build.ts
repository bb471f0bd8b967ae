/**
 * Building a boleto's barcode and digitable line from its parts (the sandbox issues boletos with
 * it). Apart from lib/payments/boleto.ts, which reads and checks them, so that the browser's code
 * that shows a boleto (components/receive/boleto-code.tsx) does not bring decimal.js
 * (≈ 12.5 KiB gzipped) along with it: the amount is parsed here, with lib/payments/money.ts.
 */
import type Decimal from "decimal.js";
import { toMinorUnits, parseAmount } from "./money";
import { barcodeDigitsToLine, boletoMod11, dueDateToFactor, formatDigitableLine } from "./boleto";

export type BuildBoletoInput = {
  /** 3-digit bank code (e.g. "001" Banco do Brasil). */
  bankCode: string;
  /** yyyy-mm-dd on or after 2000-07-03, or null for "no due date" (factor 0000). */
  dueDate: string | Date | null;
  /** BRL amount, at most 2 decimals, 0 to 99,999,999.99 (0 lets the payer choose). */
  amount: Decimal.Value;
  /** The bank's 25-digit free field. */
  freeField: string;
};

export type BuiltBoleto = {
  barcode: string;
  digitableLine: string;
  formattedDigitableLine: string;
  dueDateFactor: number;
};

/** Builds a boleto for the sandbox. Throws RangeError on invalid input (caller's mistake, not user input). */
export function buildBoleto(input: BuildBoletoInput): BuiltBoleto {
  if (!/^\d{3}$/.test(input.bankCode)) throw new RangeError("bankCode must be 3 digits");
  if (!/^\d{25}$/.test(input.freeField)) throw new RangeError("freeField must be 25 digits");
  const amount = parseAmount(input.amount, { currency: "BRL" });
  if (!amount.ok) throw new RangeError(`amount: ${amount.error.message}`);
  const cents = toMinorUnits(amount.value, "BRL");
  if (cents > 9_999_999_999n) throw new RangeError("amount must be at most 99999999.99 (10 digits of centavos)");
  const factor = input.dueDate === null ? 0 : dueDateToFactor(input.dueDate);
  const withoutDv = input.bankCode + "9" + String(factor).padStart(4, "0") + cents.toString().padStart(10, "0") + input.freeField;
  const barcode = withoutDv.slice(0, 4) + String(boletoMod11(withoutDv)) + withoutDv.slice(4);
  const digitableLine = barcodeDigitsToLine(barcode);
  return { barcode, digitableLine, formattedDigitableLine: formatDigitableLine(digitableLine), dueDateFactor: factor };
}
