import { QRCodeSVG } from "qrcode.react";

/**
 * A wallet's identifier as a QR code, so a phone can read the PIX key, CLABE or address instead of
 * typing it. Always dark on white with a quiet zone (scanners need the contrast and the margin, in
 * dark mode too); `label` says what it encodes. Drawn by the server: the browser gets the SVG, not the
 * QR encoder.
 */
export function WalletQr({ value, label }: { value: string; label: string }) {
  return (
    <div className="w-fit shrink-0 rounded-md border bg-white p-1" data-testid="wallet-qr-frame">
      <QRCodeSVG value={value} size={152} level="M" marginSize={4} bgColor="#ffffff" fgColor="#000000" role="img" aria-label={label} data-testid="wallet-qr" />
    </div>
  );
}
