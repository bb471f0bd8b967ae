/**
 * The payout forms' value lists, plain TypeScript: what a form's first state draws before its code
 * loaded (components/forms/lazy-form.ts) takes them from here, not from the modules with the checks
 * (zod, the decimal type). Apart from lib/vocabulary.ts, which every signed-in page loads with the shell.
 */

/** The payout form's kinds (a transfer has its own page and form). */
export const PAYOUT_FORM_KINDS = ["pix", "spei", "crypto"] as const;
export type PayoutFormKind = (typeof PAYOUT_FORM_KINDS)[number];

/** The kinds of PIX key (DICT): a document, an e-mail, a phone number or a random key (EVP). */
export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "phone", "random"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** What a payout's typed amount means: what the recipient receives (Brazilian banks' way) or what leaves the balance. */
export const AMOUNT_MODES = ["receive", "send"] as const;
export type AmountMode = (typeof AMOUNT_MODES)[number];
