/**
 * The one reference generator: a fresh external_id for money that is about to move, made once per
 * form in the browser (Web Crypto) and kept across retries, so that a retry is the same request and
 * the API never acts twice. The prefix says what kind of operation it names.
 */
export type ReferenceKind = "chg" | "po" | "tr" | "cv";

export function newReference(kind: ReferenceKind): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `${kind}_${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
