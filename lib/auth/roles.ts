/**
 * Roles and what each may do. This table is the whole policy; the one
 * authorisation function (lib/auth/authorize.ts) consults it after reading the
 * caller's role from the database.
 */
import { ROLES, type Role } from "@/lib/vocabulary";

export { ROLES, type Role };

export const PERMISSIONS = {
  /** see balances, transactions, charges, wallets, infractions */
  "dashboard.view": ["admin", "operator", "support", "viewer"],
  /** create charges: PIX QR, boleto, SPEI, crypto deposit addresses, fixed wallets */
  "charges.create": ["admin", "operator"],
  /** send money out, transfer between accounts, convert currencies */
  "money.move": ["admin", "operator"],
  /** approve or reject another member's payout, transfer or bulk batch that the approval policy holds */
  "money.approve": ["admin"],
  /** answer PIX infractions (MED) with a message and evidence */
  "infractions.reply": ["admin", "support"],
  /** invite, change the role of, and remove members */
  "team.manage": ["admin"],
  /**
   * the organisation's API credentials: see, register (pending), test, activate (rotate), revoke,
   * create a sandbox account. Admins only: a credential decides where the server sends a client
   * secret, and whose money the dashboard moves.
   */
  "credentials.manage": ["admin"],
  /** the API request log and the audit log */
  "logs.view": ["admin"],
  /** organisation settings */
  "organization.manage": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

