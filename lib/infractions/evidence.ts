/**
 * Evidence files of a PIX infraction reply (MED): PDF, JPEG or PNG by content (the first bytes,
 * never the name or the declared type), at most 5 files of at most 10 MB each. Browser-safe: the
 * reply form checks with it before uploading, and the server checks again with the same rules.
 *
 * Problems are message keys written "key|name=value" (read by `translateKeyOrText`).
 */

export const MAX_FILES = 5;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_MESSAGE = 5000;
/** Bytes enough to recognise every allowed type. */
export const SNIFF_BYTES = 8;
/** The request body's cap: every file at its largest, plus 1 MB for the message and the multipart framing. */
export const MAX_BODY_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;

export type EvidenceType = "application/pdf" | "image/jpeg" | "image/png";
/** For the file picker's `accept` only: a hint, not a check. */
export const EVIDENCE_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

const SIGNATURES: { type: EvidenceType; bytes: number[] }[] = [
  { type: "application/pdf", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The file's type by its first bytes, or null when it is none of PDF, JPEG, PNG. */
export function sniffType(bytes: Uint8Array): EvidenceType | null {
  for (const s of SIGNATURES) {
    if (bytes.length >= s.bytes.length && s.bytes.every((b, i) => bytes[i] === b)) return s.type;
  }
  return null;
}

export type EvidenceCandidate = { name: string; size: number; head: Uint8Array };
export type EvidenceProblem = {
  /** index of the file, or null for the whole selection (too many files) */
  index: number | null;
  code: "TOO_MANY_FILES" | "FILE_TOO_LARGE" | "FILE_TYPE_NOT_ALLOWED";
  /** "key|name=value" for translateKeyOrText */
  message: string;
};

/** A name safe inside "key|name=value" (a bar would start a new pair). */
const safeName = (name: string) => name.replace(/[|\r\n]/g, "_").slice(0, 200);

/** Every problem of a selection (empty: it can be sent). */
export function checkEvidence(files: readonly EvidenceCandidate[]): EvidenceProblem[] {
  const problems: EvidenceProblem[] = [];
  if (files.length > MAX_FILES) problems.push({ index: null, code: "TOO_MANY_FILES", message: `infractions.reply.errors.tooMany|max=${MAX_FILES}` });
  files.forEach((f, index) => {
    const name = safeName(f.name);
    if (f.size > MAX_FILE_BYTES) {
      problems.push({ index, code: "FILE_TOO_LARGE", message: `infractions.reply.errors.tooLarge|name=${name}|max=10 MB` });
    }
    if (!sniffType(f.head)) problems.push({ index, code: "FILE_TYPE_NOT_ALLOWED", message: `infractions.reply.errors.notAllowedType|name=${name}` });
  });
  return problems;
}

/** "1.2 MB", "340 KB", "12 B": for the list of chosen files. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.ceil(n / 1024)} KB`;
  return `${n} B`;
}

/** Kinds of sale the evidence checklist distinguishes. */
export const SALE_KINDS = ["physical", "digital", "services"] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export type ChecklistItem = "deliveryProof" | "invoice" | "orderRecord" | "accessLog" | "deliveryEmail" | "signedAcceptance" | "payerIdentity" | "refundConversation";

const BY_KIND: Record<SaleKind, ChecklistItem[]> = {
  physical: ["deliveryProof", "invoice", "orderRecord"],
  digital: ["accessLog", "deliveryEmail"],
  services: ["signedAcceptance"],
};
const BY_TYPE: Record<string, ChecklistItem[]> = {
  FRAUD: ["payerIdentity"],
  REFUND_REQUEST: ["refundConversation"],
};

/** What to attach for an infraction type and a kind of sale: guidance, never a requirement. */
export function evidenceChecklist(type: string, kind: SaleKind): ChecklistItem[] {
  return [...BY_KIND[kind], ...(BY_TYPE[type] ?? [])];
}

const EXTENSIONS: Record<EvidenceType, string> = { "application/pdf": ".pdf", "image/jpeg": ".jpg", "image/png": ".png" };

/**
 * The name a file is sent to the API under: the last part of what the browser gave, letters
 * (any script), digits, spaces, dots, dashes and underscores only, at most 100 characters, ending
 * in the extension of its type by content. `../../../etc/evil<script>.pdf` goes as
 * `evil_script_.pdf`; a name with nothing left becomes `evidence-<n>`.
 */
export function evidenceFileName(name: string, type: EvidenceType, index: number): string {
  const ext = EXTENSIONS[type];
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/\.(pdf|jpe?g|png)$/i, "")
    .replace(/[^\p{L}\p{N} ._-]+/gu, "_")
    .replace(/_+/g, "_")
    .replace(/^[\s._]+|[\s.]+$/g, "")
    .slice(0, 100 - ext.length);
  return `${base || `evidence-${index + 1}`}${ext}`;
}
