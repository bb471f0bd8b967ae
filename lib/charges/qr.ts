import type { PublicCharge } from "./service";

/** What a charge's QR code carries, and the words naming it; null for a charge shown without one (SPEI). */
export type ChargeQrCode = { value: string; label: "charges.code.pixQr" | "charges.code.addressQr" };

/**
 * The QR a charge is paid with: a PIX charge's code, a boleto's PIX code when it has one, a crypto
 * charge's deposit address. The server draws it (components/receive/qr-image.tsx) and hands it to
 * the charge's code (components/receive/charge-code.tsx), which places it.
 */
export function chargeQrCode(p: Pick<PublicCharge, "method" | "paymentInfo" | "boleto">): ChargeQrCode | null {
  const pi = p.paymentInfo ?? {};
  if (p.method === "PIX" && pi.qrcode) return { value: pi.qrcode, label: "charges.code.pixQr" };
  if ((p.method === "BOLETO" || p.method === "PIX_BOLETO") && p.boleto?.pix_qrcode) return { value: p.boleto.pix_qrcode, label: "charges.code.pixQr" };
  if (p.method === "CRYPTO" && pi.address) return { value: pi.address, label: "charges.code.addressQr" };
  return null;
}
