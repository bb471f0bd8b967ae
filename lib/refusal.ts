/**
 * A refusal the member can act on: the one base class for every "no" the product says on purpose (a
 * wrong password, the last admin, a reference already used, an API code with words of its own).
 * Library code raises it with the message key of its words, chosen where the reason is known;
 * the action client (lib/actions/safe-action.ts) answers any refusal in the member's language, with
 * the field it belongs to, and never logs it as a failure. Anything that is not a refusal is a bug
 * and is answered with a reference instead.
 *
 * Recognised by a brand (`Refusal.is`), not by `instanceof`: a module may be loaded twice (the
 * server-action and route bundles, tsx and Next in one process), and a refusal from one copy must
 * still be recognised by the other.
 */
import type { MessageKey } from "@/lib/i18n/translate";

const BRAND = Symbol.for("payment-dashboard.refusal");

export type RefusalVars = Record<string, string | number>;

export class Refusal<Code extends string = string> extends Error {
  readonly [BRAND] = true;
  /** the Payment API's request id, when the refusal came from it (to quote to support) */
  requestId?: string;

  constructor(
    readonly code: Code,
    /** the member's words: a message key, translated with `vars` when answered */
    readonly messageKey: MessageKey,
    readonly vars?: RefusalVars,
    /** the form field it belongs to, when there is one */
    readonly field?: string,
  ) {
    super(code);
    this.name = new.target.name;
  }

  static is(e: unknown): e is Refusal {
    return typeof e === "object" && e !== null && (e as { [BRAND]?: unknown })[BRAND] === true;
  }

  /** A described Payment API failure (lib/api-context/describe.ts). */
  static fromFailure(f: { code: string; key: MessageKey; vars: RefusalVars; requestId: string | null }, field?: string): Refusal {
    const e = new Refusal(f.code, f.key, f.vars, field);
    if (f.requestId) e.requestId = f.requestId;
    return e;
  }
}
