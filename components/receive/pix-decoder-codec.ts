/** What the PIX decoder loads on the member's turn to it (./pix-decoder.tsx): the BR Code codec and the document checks. */
export { decodeBrCode } from "@/lib/payments/pix-br-code";
export { detectDocument, formatDocument } from "@/lib/payments/documents";
