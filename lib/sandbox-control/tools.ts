import "server-only";
/**
 * The sandbox tools ("Simulate payment", "Let it expire", "Refund", "Simulate deposit") appear only
 * when the organisation's active credential for the environment targets our own sandbox: the
 * sandbox environment, a configured admin token, and the credential's base URL equal to the
 * sandbox's. Against a real provider they do not exist, on the page or behind a direct POST.
 */
import { env, sandboxUrl } from "@/lib/env";
import { apiContext, type ApiEnvironment } from "@/lib/api-context";
import type { Access } from "@/lib/auth/access";
import { SandboxControl } from "./client";

const norm = (u: string) => u.replace(/\/+$/, "").replace(/\/v2$/, "");

export async function sandboxControlFor(access: Access, environment: ApiEnvironment): Promise<SandboxControl | null> {
  if (environment !== "sandbox") return null;
  const url = sandboxUrl();
  if (!url) return null;
  const ctx = await apiContext();
  const credential = await ctx.credential({ organizationId: access.organizationId, environment }).catch(() => null);
  if (!credential || credential.status !== "active" || norm(credential.baseUrl) !== norm(url)) return null;
  return new SandboxControl(url, env().SANDBOX_ADMIN_TOKEN!);
}

export async function sandboxToolsAvailable(access: Access, environment: ApiEnvironment): Promise<boolean> {
  return (await sandboxControlFor(access, environment)) !== null;
}
