import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureLocalSecrets } from "@/lib/config/local-secrets";
import { parseEnv, shouldSeedDemo } from "@/lib/config/env-schema";
import { addressFromRequest, CLIENT_ADDRESS_PROOF_HEADER, clientAddress, clientAddressProof } from "@/lib/auth/client-address";

describe("local secrets", () => {
  it("creates random secrets with mode 0600 and never overwrites existing ones", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "secrets-"));
    const first = ensureLocalSecrets(dir);
    expect(first.created.sort()).toEqual(["AUTH_SECRET", "CREDENTIALS_ENCRYPTION_KEY", "SANDBOX_ADMIN_TOKEN"]);
    const file = path.join(dir, "secrets.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.secrets.CREDENTIALS_ENCRYPTION_KEY, "base64")).toHaveLength(32);

    const second = ensureLocalSecrets(dir);
    expect(second.created).toEqual([]);
    expect(second.secrets).toEqual(first.secrets);

    // A value someone set by hand survives; a missing one is added.
    const edited = { ...first.secrets, AUTH_SECRET: "mine-".repeat(10) } as Record<string, string>;
    delete edited.SANDBOX_ADMIN_TOKEN;
    writeFileSync(file, JSON.stringify(edited));
    const third = ensureLocalSecrets(dir);
    expect(third.created).toEqual(["SANDBOX_ADMIN_TOKEN"]);
    expect(JSON.parse(readFileSync(file, "utf8")).AUTH_SECRET).toBe("mine-".repeat(10));
  });
});

describe("configuration", () => {
  const base = { AUTH_SECRET: "s".repeat(40), CREDENTIALS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") };

  it("applies defaults and parses lists", () => {
    const env = parseEnv({ ...base, WEBHOOK_SOURCE_IPS: "203.0.113.10, 2001:db8::1" } as unknown as NodeJS.ProcessEnv);
    expect(env.PAYMENT_API_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(env.WEBHOOK_SOURCE_IPS).toEqual(["203.0.113.10", "2001:db8::1"]);
    expect(env.TRUST_PROXY_HOPS).toBe(0);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ ...base, CREDENTIALS_ENCRYPTION_KEY: "short" } as unknown as NodeJS.ProcessEnv)).toThrow(/CREDENTIALS_ENCRYPTION_KEY: must be 32 bytes/);
    expect(() => parseEnv({ CREDENTIALS_ENCRYPTION_KEY: base.CREDENTIALS_ENCRYPTION_KEY } as unknown as NodeJS.ProcessEnv)).toThrow(/AUTH_SECRET/);
    expect(() => parseEnv({ ...base, WEBHOOK_SOURCE_IPS: "not-an-ip" } as unknown as NodeJS.ProcessEnv)).toThrow(/WEBHOOK_SOURCE_IPS/);
    expect(() => parseEnv({ ...base, DATABASE_URL: "mysql://x" } as unknown as NodeJS.ProcessEnv)).toThrow(/DATABASE_URL/);
  });
});

describe("client address", () => {
  const req = (remote: string, xff?: string) => ({ socket: { remoteAddress: remote }, headers: xff ? { "x-forwarded-for": xff } : {} }) as never;

  it("uses the socket address unless proxies are trusted, and then only as many hops as configured", () => {
    expect(addressFromRequest(req("::ffff:10.0.0.5", "1.2.3.4"), 0)).toBe("10.0.0.5");
    expect(addressFromRequest(req("10.0.0.5", "6.6.6.6, 1.2.3.4"), 1)).toBe("1.2.3.4");
    expect(addressFromRequest(req("10.0.0.5", "6.6.6.6, 1.2.3.4, 10.0.0.4"), 2)).toBe("1.2.3.4");
    expect(addressFromRequest(req("10.0.0.5"), 3)).toBe("10.0.0.5");
  });

  it("believes the address header only with this process's proof, which the dashboard's own server sets", () => {
    // Served some other way (next start), a client could send the header itself: not believed.
    expect(clientAddress(new Headers({ "x-client-address": "1.2.3.4" }))).toBeNull();
    const proof = clientAddressProof();
    expect(clientAddress(new Headers({ "x-client-address": "1.2.3.4", [CLIENT_ADDRESS_PROOF_HEADER]: "forged-proof-of-another-length" }))).toBeNull();
    expect(clientAddress(new Headers({ "x-client-address": "1.2.3.4", [CLIENT_ADDRESS_PROOF_HEADER]: "x".repeat(proof.length) }))).toBeNull();
    expect(clientAddress(new Headers({ "x-client-address": "::ffff:1.2.3.4", [CLIENT_ADDRESS_PROOF_HEADER]: proof }))).toBe("1.2.3.4");
  });
});

describe("the demo organisation", () => {
  const base = { AUTH_SECRET: "s".repeat(40), CREDENTIALS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") };
  const seeds = (o: Record<string, string>) => shouldSeedDemo(parseEnv(o as unknown as NodeJS.ProcessEnv));
  it("is seeded on the embedded database beside the local sandbox, and nowhere else unless asked", () => {
    expect(seeds({ ...base })).toBe(true);
    expect(seeds({ ...base, DATABASE_URL: "postgres://db/x" })).toBe(false);
    expect(seeds({ ...base, PAYMENT_API_BASE_URL: "https://api.provider.example" })).toBe(false);
    expect(seeds({ ...base, PAYMENT_API_BASE_URL: "https://api.provider.example", SEED_DEMO: "true" })).toBe(true);
    expect(seeds({ ...base, DATABASE_URL: "postgres://db/x", SEED_DEMO: "true" })).toBe(true);
    expect(seeds({ ...base, SEED_DEMO: "false" })).toBe(false);
  });
});
