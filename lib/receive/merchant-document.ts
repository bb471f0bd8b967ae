/**
 * The merchant's tax document as a payer may see it beside the merchant's name, so they can check
 * who they pay (their bank's app shows the same): a CNPJ in full ("CNPJ 11.222.333/0001-81"), a
 * Mexican RFC as written, and a person's CPF masked as the Banco Central masks it in PIX
 * ("CPF ***.982.247-**"): a person's number is not published. Anything else is not shown.
 */
import { formatCnpj, unformatDocument, validateCnpj, validateCpf } from "@/lib/payments/documents";

/** A company's (12 characters) or a person's (13) RFC. */
const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;

export function merchantDocument(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const bare = unformatDocument(raw.trim());
  if (validateCnpj(bare).ok) return `CNPJ ${formatCnpj(bare)}`;
  if (validateCpf(bare).ok) return `CPF ***.${bare.slice(3, 6)}.${bare.slice(6, 9)}-**`;
  const rfc = raw.trim().toUpperCase().replace(/[\s-]/g, "");
  if (RFC.test(rfc)) return `RFC ${rfc}`;
  return null;
}
