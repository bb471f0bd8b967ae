/**
 * The dashboard's own data (the Payment API keeps the money; we keep who may
 * see and move it). Later capabilities add their tables here.
 */
import { sql } from "drizzle-orm";
import { bigserial, boolean, index, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const ROLES = ["admin", "operator", "support", "viewer"] as const;
export const LOCALES = ["en", "pt-BR", "es-MX"] as const;

export const memberRole = pgEnum("member_role", ROLES);

export const organizations = pgTable("organizations", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  /** true for the seeded demo organisation, so it can be told apart (and removed) */
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** stored lower-cased; unique */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  /** scrypt, in the self-describing format of lib/auth/password.ts; never the password */
  passwordHash: text("password_hash").notNull(),
  /** null until the user picks a language: until then the browser's (cookie, Accept-Language) is used */
  locale: text("locale", { enum: LOCALES }),
  activeOrganizationId: uuid("active_organization_id").references(() => organizations.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  "memberships",
  {
    organizationId: uuid("organization_id").notNull().references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    role: memberRole("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index("memberships_user_idx").on(t.userId)],
);

/**
 * Sign-in attempts, the source of truth for throttling (shared by every
 * dashboard instance through the database). `key` is `account:<email>` or
 * `address:<ip>`.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    succeeded: boolean("succeeded").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_key_time_idx").on(t.key, t.createdAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_org_time_idx").on(t.organizationId, t.createdAt)],
);

export type Role = (typeof ROLES)[number];
export type Locale = (typeof LOCALES)[number];
