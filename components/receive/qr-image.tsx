import { QRCodeSVG } from "qrcode.react";
import type { Translate } from "@/lib/i18n/translate";
import { chargeQrCode } from "@/lib/charges/qr";
import type { ChargeCodeData } from "./charge-code";

/**
 * A payment code as a QR image, drawn by the server: the payer's phone gets an SVG, not the QR
 * encoder (qrcode.react, ≈ 14 KiB gzipped). Always dark on white with a quiet zone (scanners need
 * the contrast and the margin, in dark mode too).
 */
export function QrImage({ value, label }: { value: string; label: string }) {
  return (
    <div className="mx-auto w-fit rounded-lg bg-white p-3 shadow-xs ring-1 ring-border" data-testid="charge-qr">
      <QRCodeSVG value={value} size={224} level="M" marginSize={4} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={label} title={label} />
    </div>
  );
}

/** The QR of a charge (lib/charges/qr.ts), for ChargeCode's `qr`; null when it shows none. */
export function chargeQr(charge: Pick<ChargeCodeData, "method" | "paymentInfo" | "boleto">, t: Translate): React.ReactNode {
  const code = chargeQrCode(charge);
  return code ? <QrImage value={code.value} label={t(code.label)} /> : null;
}
