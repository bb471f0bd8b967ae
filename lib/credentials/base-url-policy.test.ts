import { describe, expect, it } from "vitest";
import { baseUrlPolicy, baseUrlRefusal, isInternalAddress, type Resolve } from "./base-url-policy";

/** A resolver answering from a table, as DNS would (no network in tests). */
const dns =
  (table: Record<string, string[]>): Resolve =>
  async (host) => {
    const a = table[host];
    if (!a) throw new Error("ENOTFOUND");
    return a;
  };

describe("where a credential may point", () => {
  const policy = baseUrlPolicy({ PAYMENT_API_BASE_URL: "https://api.provider.example/", PAYMENT_API_ALLOWED_BASE_URLS: ["https://sandbox.provider.example", "https://rebind.example"] }, "http://127.0.0.1:4010");
  const resolve = dns({ "api.provider.example": ["198.51.100.10"], "sandbox.provider.example": ["198.51.100.11", "2001:db8::11"], "rebind.example": ["10.0.0.5"] });

  it("only to the configured provider, the sandbox and the allowlist (a trailing slash aside)", async () => {
    expect(policy.allowed).toEqual(["https://api.provider.example", "http://127.0.0.1:4010", "https://sandbox.provider.example", "https://rebind.example"]);
    expect(await baseUrlRefusal("https://api.provider.example", policy, resolve)).toBeNull();
    expect(await baseUrlRefusal("https://api.provider.example/", policy, resolve)).toBeNull();
    expect(await baseUrlRefusal("https://sandbox.provider.example", policy, resolve)).toBeNull();
    expect(await baseUrlRefusal("http://127.0.0.1:4010", policy, resolve)).toBeNull();
    for (const other of ["http://127.0.0.1:5432", "http://127.0.0.1:4011", "https://attacker.example", "http://169.254.169.254/latest", "https://api.provider.example.evil.test", "https://api.provider.example/v3", "not a url"]) {
      expect(await baseUrlRefusal(other, policy, resolve), other).toBe("credentials.errors.baseUrlNotAllowed");
    }
  });

  it("never to an internal address, even an allowed name that resolves to one, unless it is the configured sandbox", async () => {
    expect(await baseUrlRefusal("https://rebind.example", policy, resolve)).toBe("credentials.errors.baseUrlInternal");
    const loopbackProvider = baseUrlPolicy({ PAYMENT_API_BASE_URL: "http://127.0.0.1:9000" }, null);
    expect(await baseUrlRefusal("http://127.0.0.1:9000", loopbackProvider, resolve)).toBe("credentials.errors.baseUrlInternal");
    const localhost = baseUrlPolicy({ PAYMENT_API_BASE_URL: "https://api.provider.example", PAYMENT_API_ALLOWED_BASE_URLS: ["http://localhost:8080"] }, null);
    expect(await baseUrlRefusal("http://localhost:8080", localhost, resolve)).toBe("credentials.errors.baseUrlInternal");
  });

  it("knows private, loopback, link-local and reserved addresses of both families", () => {
    for (const a of ["10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "127.0.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:10.0.0.1", "[::1]"]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ["198.51.100.10", "8.8.8.8", "172.32.0.1", "2001:db8::1", "2606:4700::1111"]) expect(isInternalAddress(a), a).toBe(false);
  });
});
