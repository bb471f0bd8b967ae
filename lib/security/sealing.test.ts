import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CredentialDecryptError, createKeyring, hintOf, keyIdOf, open, seal, sealedWith } from "./sealing";

const key = () => randomBytes(32).toString("base64");

describe("credential encryption at rest (AES-256-GCM)", () => {
  it("opens what it sealed, and the ciphertext reveals neither the secret nor the key", () => {
    const k = key();
    const ring = createKeyring(k);
    const secret = "cs_" + randomBytes(32).toString("base64url");
    const sealed = seal(ring, secret, "api_credentials:1:client_secret");
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(k);
    expect(sealed.startsWith(`v1.${ring.current.id}.`)).toBe(true);
    expect(open(ring, sealed, "api_credentials:1:client_secret")).toBe(secret);
    // a fresh IV each time: the same secret never seals to the same text
    expect(seal(ring, secret, "x")).not.toBe(seal(ring, secret, "x"));
  });

  it("refuses a ciphertext moved to another row or field (the additional data binds it)", () => {
    const ring = createKeyring(key());
    const sealed = seal(ring, "secret", "api_credentials:1:client_secret");
    expect(() => open(ring, sealed, "api_credentials:2:client_secret")).toThrow(CredentialDecryptError);
    expect(() => open(ring, sealed, "api_credentials:1:signing_key")).toThrow(/does not open/);
  });

  it("refuses a changed ciphertext, and says which key is missing when the key changed", () => {
    const ring = createKeyring(key());
    const sealed = seal(ring, "secret", "a");
    const parts = sealed.split(".");
    parts[4] = Buffer.from("tampered!").toString("base64url");
    expect(() => open(ring, parts.join("."), "a")).toThrow(expect.objectContaining({ reason: "tampered" }));
    const other = createKeyring(key());
    expect(() => open(other, sealed, "a")).toThrow(expect.objectContaining({ reason: "unknown_key", keyId: ring.current.id }));
    expect(() => open(ring, "not-a-ciphertext", "a")).toThrow(expect.objectContaining({ reason: "malformed" }));
  });

  it("rotates: a new key seals, the previous one still opens what it sealed", () => {
    const oldKey = key();
    const newKey = key();
    const before = seal(createKeyring(oldKey), "secret", "a");
    const ring = createKeyring(newKey, oldKey);
    expect(open(ring, before, "a")).toBe("secret");
    const after = seal(ring, "secret", "a");
    expect(sealedWith(after)).toBe(keyIdOf(Buffer.from(newKey, "base64")));
    expect(sealedWith(before)).not.toBe(sealedWith(after));
  });

  it("refuses keys that are not 32 bytes", () => {
    expect(() => createKeyring(Buffer.alloc(16).toString("base64"))).toThrow(/32 bytes/);
    expect(() => createKeyring(key(), "short")).toThrow(/PREVIOUS_KEYS/);
  });

  it("keeps at most four characters, and at most a quarter of the secret, as a hint", () => {
    expect(hintOf("cs_abcdefghijklmnop")).toBe("mnop");
    expect(hintOf("abcdefgh")).toBe("gh");
    expect(hintOf("abc")).toBe("");
  });
});
