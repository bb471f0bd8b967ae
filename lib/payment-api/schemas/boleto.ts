/** POST /v2/boleto (spec "POST /v2/boleto", "Boleto"). BRL only. */
import { z } from "zod";
import {
  BOLETO_EXTERNAL_ID_MAX,
  dateSchema,
  decimalPlaces,
  nullableDecimalSchema,
  openEnum,
  optString,
  postbackUrlSchema,
  specCode,
  transactionStatusSchema,
} from "./common";
import { isValidCpfOrCnpj } from "./document";

export const BOLETO_METHODS = ["BOLETO", "PIX_BOLETO"] as const;
export const boletoMethodSchema = z.enum(BOLETO_METHODS);
export type BoletoMethod = z.infer<typeof boletoMethodSchema>;

/** "Up to 2 decimals, minimum 1.00". */
export const boletoAmountSchema = z
  .number()
  .refine((n) => Number.isFinite(n) && n >= 1, specCode("INVALID_AMOUNT", "amount must be at least 1.00"))
  .refine((n) => Number.isFinite(n) && decimalPlaces(n) <= 2, specCode("INVALID_AMOUNT", "amount takes at most 2 decimals"));

export const boletoAddressSchema = z.object({
  address: z.string().min(1).max(200),
  number: z.string().max(20).optional(),
  complement: z.string().max(100).optional(),
  district: z.string().min(1).max(100),
  city: z.string().min(1).max(100),
  /** 8 digits, no dash */
  zipCode: z.string().regex(/^\d{8}$/, "zipCode must be 8 digits, no dash"),
  /** 2 uppercase letters */
  uf: z.string().regex(/^[A-Z]{2}$/, "uf must be 2 uppercase letters"),
});

export const boletoPayerSchema = z.object({
  name: z.string().min(1).max(200),
  /** CPF or CNPJ (digits, or formatted), validated mathematically: INVALID_DOCUMENT (spec case rule 2) */
  document: z.string().min(1).refine(isValidCpfOrCnpj, specCode("INVALID_DOCUMENT", "document is not a valid CPF or CNPJ")),
  email: z.email(),
  /** 8 to 12 digits, no formatting */
  phone: z.string().regex(/^\d{8,12}$/, "phone must be 8 to 12 digits, no formatting"),
  address: boletoAddressSchema,
});

export const boletoRequestSchema = z.object({
  amount: boletoAmountSchema,
  method: boletoMethodSchema,
  payer: boletoPayerSchema,
  /** yyyy-mm-dd; default today plus 3 days */
  due_date: dateSchema.optional(),
  description: z.string().max(500).optional(),
  /** idempotency, maximum 150 characters */
  external_id: z.string().min(1).max(BOLETO_EXTERNAL_ID_MAX).optional(),
  /** caller identifier, unique per merchant; generated when absent */
  transaction_id: z.string().min(1).max(64).optional(),
  postback_url: postbackUrlSchema.optional(),
});
export type BoletoRequest = z.infer<typeof boletoRequestSchema>;

export const BOLETO_REGISTRATIONS = ["registered", "pending"] as const;
export const boletoDetailsSchema = z.looseObject({
  /** 44-digit numeric */
  barcode: z.string(),
  /** 47 digits with separators */
  digitable_line: z.string(),
  /** PDF URL; null means: render from the barcode */
  url: z.string().nullish(),
  due_date: z.string(),
  registration: openEnum(BOLETO_REGISTRATIONS),
});
export type BoletoDetails = z.infer<typeof boletoDetailsSchema>;

/** Response 201 (shown bare by the spec; the sandbox wraps it in the envelope; the client accepts both). */
export const boletoResponseSchema = z.looseObject({
  transaction_id: z.string(),
  external_id: optString,
  amount: nullableDecimalSchema,
  payment_method: z.string().nullish(),
  status: transactionStatusSchema,
  gateway_id: z.union([z.number(), z.string()]).nullish(),
  boleto: boletoDetailsSchema,
});
export type BoletoResponse = z.infer<typeof boletoResponseSchema>;
