/**
 * Test-only: loads the published vectors kept in this folder
 * (payments.vectors.json: BR Code examples of the Banco Central manual, boleto
 * lines, CLABEs, CPF/CNPJ including the alphanumeric CNPJ, crypto addresses;
 * each entry names its published source, and `_about` says how they were
 * checked). They live inside the repository so that a fresh clone runs the
 * tests with nothing beside it. Not exported from index.ts; uses node:fs and is
 * never bundled for the browser.
 */
import { readFileSync } from "node:fs";

export type PaymentVectors = {
  crc16_ccitt_false: { input: string; crc: string; source: string };
  pix_br_code: { kind: string; payload: string; source: string }[];
  boleto: { digitable_line: string; barcode: string; bank: string; amount: string; due_date: string; factor: number; source: string }[];
  boleto_due_factor: {
    base_date: string;
    factor_1000: string;
    factor_9999: string;
    restart: { date: string; factor: number };
    rule_after_restart: string;
  };
  clabe_valid: { clabe: string; bank?: string; plaza?: string }[];
  clabe_invalid: { clabe: string; why: string }[];
  cpf_valid: string[];
  cnpj_valid: string[];
  cnpj_alphanumeric_rule: string;
  addresses_valid: { tron: string[]; evm_eip55: string[]; solana: string[]; bitcoin: string[] };
  addresses_invalid: { evm_bad_checksum: string[] };
};

export const VECTORS_URL = new URL("./payments.vectors.json", import.meta.url);

export const vectors: PaymentVectors = JSON.parse(readFileSync(VECTORS_URL, "utf8")) as PaymentVectors;
