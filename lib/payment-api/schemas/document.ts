/**
 * CPF / CNPJ check ("CPF or CNPJ, validated mathematically", spec "POST /v2/boleto"): the codecs of
 * lib/payments (masked or bare input, alphanumeric CNPJ included), so the schema, the sandbox and the
 * dashboard's forms accept exactly the same documents.
 */
import { isValidCnpj, isValidCpf } from "../../payments/documents";

export { isValidCnpj, isValidCpf };
export const isValidCpfOrCnpj = (s: string): boolean => isValidCpf(s) || isValidCnpj(s);
