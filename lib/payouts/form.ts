/**
 * The Send forms' rules (PIX, SPEI, crypto payouts and internal transfers), shared by the form
 * (checked as the member types), the server actions (checked again on what arrives) and the bulk CSV
 * (each row is one of these forms). Browser-safe: zod/mini and the payment codecs. Messages are
 * message keys of the `send.errors` group ("key|name=value" carries figures).
 *
 * The spec: a cash-out carries key (PIX key, 18-digit CLABE or crypto address), key_type on PIX
 * (cpf, cnpj, email, phone, random), the recipient's name on SPEI (bank_code optional, detected from
 * the CLABE), network on crypto; external_id at most 64 characters. A transfer carries the
 * recipient's username.
 */
import * as z from "zod/mini";
import { CHAINS, CHAIN_CODES, isChainCode, type ChainCode } from "@/lib/payments/chains";
import { CURRENCY_DECIMALS, type Currency } from "@/lib/payments/currencies";
import { Money } from "@/lib/payments/money";
import { PIX_KEY_TYPES, validatePixKey, type PixKeyType } from "@/lib/payments/pix-key";
import { clabeBankName, validateClabe } from "@/lib/payments/clabe";
import { validateAddress } from "@/lib/payments/crypto-address";
import { normalizeAmount } from "@/lib/charges/form";
import { chainName } from "@/lib/payments/chain-names";
import { PAYOUT_FORM_KINDS, type PayoutFormKind } from "@/lib/payouts/vocabulary";

export { PAYOUT_FORM_KINDS, type PayoutFormKind };

export const EXTERNAL_ID_MAX = 64;
/** Coins a crypto payout may send (the networks that carry each come from the chain table). */
export const PAYOUT_COINS = ["USDT", "USDC", "BTC", "ETH", "SOL", "BNB", "POL", "TRX", "AVAX"] as const;
/** Layer-2 networks: the same address as on Ethereum, but money sent on the wrong one is not where the recipient looks. */
export const LAYER2_NETWORKS: readonly ChainCode[] = ["arbitrum", "base", "optimism", "polygon"];

export function currencyOfKind(kind: PayoutFormKind, coin: string | undefined): Currency {
  if (kind === "pix") return "BRL";
  if (kind === "spei") return "MXN";
  return (coin ?? "") as Currency;
}

/** The networks that carry a coin, in the chain table's order. */
export function networksFor(coin: string): ChainCode[] {
  return CHAIN_CODES.filter((c) => (CHAINS[c].coins as readonly string[]).includes(coin));
}

/** The other networks an address is valid on (to say "this looks like a Tron address"). */
export function networksOfAddress(address: string): ChainCode[] {
  const a = address.trim();
  if (!a) return [];
  return CHAIN_CODES.filter((c) => validateAddress(c, a).ok);
}

/** An amount's problem as a message key (with figures), or null. */
export function payoutAmountProblem(raw: string, currency: Currency | string): string | null {
  if (!raw.trim()) return "send.errors.amountRequired";
  const n = normalizeAmount(raw);
  if (n === null) return "send.errors.amountInvalid";
  const d = new Money(n);
  if (d.lte(0)) return "send.errors.amountPositive";
  const places = CURRENCY_DECIMALS[currency as Currency] ?? 2;
  if (d.decimalPlaces() > places) return `send.errors.amountDecimals|places=${places}`;
  return null;
}

const externalIdSchema = z.string().check(z.trim(), z.minLength(1, "send.errors.externalIdRequired"), z.maxLength(EXTERNAL_ID_MAX, `send.errors.externalIdLength|max=${EXTERNAL_ID_MAX}`), z.regex(/^[\x21-\x7e]+$/, "send.errors.externalIdCharacters"));
const descriptionSchema = z.optional(z.string().check(z.trim(), z.maxLength(140, "send.errors.tooLong")));

export const payoutFormSchema = z
  .object({
    kind: z.enum(PAYOUT_FORM_KINDS),
    amount: z.string(),
    externalId: externalIdSchema,
    description: descriptionSchema,
    /** PIX */
    keyType: z.optional(z.string()),
    pixKey: z.optional(z.string()),
    /** SPEI */
    clabe: z.optional(z.string()),
    name: z.optional(z.string()),
    /** crypto */
    coin: z.optional(z.string()),
    network: z.optional(z.string()),
    address: z.optional(z.string()),
  })
  .check(
    z.superRefine((v, ctx) => {
      const add = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message, input: v });
      let currency: Currency | null = currencyOfKind(v.kind, v.coin);
      if (v.kind === "pix") {
        if (!v.keyType || !(PIX_KEY_TYPES as readonly string[]).includes(v.keyType)) add("keyType", "send.errors.keyTypeRequired");
        else if (!(v.pixKey ?? "").trim()) add("pixKey", "send.errors.pixKeyRequired");
        else if (!validatePixKey(v.pixKey!, v.keyType).ok) add("pixKey", `send.errors.pixKeyInvalid|type=${v.keyType}`);
      } else if (v.kind === "spei") {
        const clabe = (v.clabe ?? "").replace(/[\s-]/g, "");
        if (!clabe) add("clabe", "send.errors.clabeRequired");
        else {
          const r = validateClabe(clabe);
          if (!r.ok) add("clabe", r.error.code === "INVALID_CHECK_DIGIT" ? "send.errors.clabeCheckDigit" : r.error.code === "UNKNOWN_BANK" ? "send.errors.clabeBank" : "send.errors.clabeInvalid");
        }
        const name = (v.name ?? "").trim();
        if (!name) add("name", "send.errors.nameRequired");
        else if (name.length > 120) add("name", "send.errors.tooLong");
      } else {
        if (!v.coin || !(PAYOUT_COINS as readonly string[]).includes(v.coin)) {
          add("coin", "send.errors.coinRequired");
          currency = null;
        } else if (!v.network || !isChainCode(v.network)) add("network", "send.errors.networkRequired");
        else if (!networksFor(v.coin).includes(v.network)) add("network", `send.errors.networkCarries|coin=${v.coin}`);
        else {
          const address = (v.address ?? "").trim();
          if (!address) add("address", "send.errors.addressRequired");
          else if (!validateAddress(v.network, address).ok) {
            const elsewhere = networksOfAddress(address);
            add("address", elsewhere.length ? `send.errors.addressOtherNetwork|networks=${elsewhere.map(chainName).join(", ")}` : `send.errors.addressInvalid|network=${chainName(v.network)}`);
          }
        }
      }
      if (currency) {
        const a = payoutAmountProblem(v.amount, currency);
        if (a) add("amount", a);
      }
    }),
  );
export type PayoutForm = z.infer<typeof payoutFormSchema>;

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

export const transferFormSchema = z
  .object({
    username: z.string().check(z.trim(), z.minLength(1, "send.errors.usernameRequired"), z.regex(USERNAME_PATTERN, "send.errors.usernameInvalid")),
    currency: z.string(),
    amount: z.string(),
    externalId: externalIdSchema,
    description: descriptionSchema,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!(v.currency in CURRENCY_DECIMALS)) ctx.addIssue({ code: "custom", path: ["currency"], message: "send.errors.currencyRequired", input: v });
      else {
        const a = payoutAmountProblem(v.amount, v.currency);
        if (a) ctx.addIssue({ code: "custom", path: ["amount"], message: a, input: v });
      }
    }),
  );
export type TransferForm = z.infer<typeof transferFormSchema>;

export type PayoutRecipient = {
  keyType?: PixKeyType;
  key?: string;
  clabe?: string;
  bankCode?: string;
  bankName?: string | null;
  name?: string;
  address?: string;
  network?: string;
  username?: string;
};

/** What goes out for a valid form (without postback_url): the exact body an approval, a retry or a resumed batch repeats. */
export type PayoutPlan = {
  kind: "pix" | "spei" | "crypto" | "transfer";
  currency: Currency;
  amount: string;
  network: string | null;
  recipient: PayoutRecipient;
  request: Record<string, unknown>;
  description: string | null;
};

export function toPayoutPlan(v: PayoutForm): PayoutPlan {
  const currency = currencyOfKind(v.kind, v.coin);
  const amount = new Money(normalizeAmount(v.amount)!).toFixed();
  const description = v.description?.trim() || null;
  const base = { external_id: v.externalId.trim(), amount: Number(amount), currency, ...(description ? { description } : {}) };
  if (v.kind === "pix") {
    const keyType = v.keyType as PixKeyType;
    const r = validatePixKey(v.pixKey!, keyType);
    const key = r.ok ? r.value : v.pixKey!.trim();
    return { kind: "pix", currency, amount, network: null, recipient: { keyType, key }, request: { ...base, key, key_type: keyType }, description };
  }
  if (v.kind === "spei") {
    const clabe = v.clabe!.replace(/[\s-]/g, "");
    const bankCode = clabe.slice(0, 3);
    const name = v.name!.trim();
    return {
      kind: "spei",
      currency,
      amount,
      network: null,
      recipient: { clabe, bankCode, bankName: clabeBankName(bankCode) ?? null, name },
      request: { ...base, key: clabe, name, bank_code: bankCode },
      description,
    };
  }
  const address = v.address!.trim();
  return { kind: "crypto", currency, amount, network: v.network!, recipient: { address, network: v.network! }, request: { ...base, key: address, network: v.network! }, description };
}

export function toTransferPlan(v: TransferForm): PayoutPlan {
  const amount = new Money(normalizeAmount(v.amount)!).toFixed();
  const description = v.description?.trim() || null;
  const username = v.username.trim();
  return {
    kind: "transfer",
    currency: v.currency as Currency,
    amount,
    network: null,
    recipient: { username },
    request: { external_id: v.externalId.trim(), username, amount: Number(amount), currency: v.currency, ...(description ? { description } : {}) },
    description,
  };
}

/** The API's `details.field` as the form's field. */
export function payoutFieldOf(apiField: string, kind: string): string {
  if (apiField === "external_id") return "externalId";
  if (apiField === "key") return kind === "pix" ? "pixKey" : kind === "spei" ? "clabe" : "address";
  if (apiField === "key_type") return "keyType";
  if (apiField === "currency") return kind === "crypto" ? "coin" : "currency";
  return apiField;
}
