import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { base58, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { validateAddress, isValidAddress, generateAddress, toChecksumAddress, type AddressKind } from "./crypto-address";
import { CHAIN_CODES, EVM_CHAINS, type ChainCode } from "./chains";
import { seededRng } from "./rng";
import { vectors } from "./test-support/vectors";

const base58check = createBase58check(sha256);
const check = (network: string, address: string) => {
  const r = validateAddress(network, address);
  return r.ok ? `ok:${r.value.kind}` : r.error.code;
};

describe("published vectors", () => {
  it("accepts the valid addresses of each network", () => {
    for (const a of vectors.addresses_valid.tron) expect(check("tron", a)).toBe("ok:tron");
    for (const a of vectors.addresses_valid.solana) expect(check("solana", a)).toBe("ok:solana");
    for (const a of vectors.addresses_valid.evm_eip55) {
      for (const chain of EVM_CHAINS) expect(validateAddress(chain, a)).toEqual({ ok: true, value: { network: chain, address: a, kind: "evm" } });
    }
    const [p2pkh, p2sh, p2wpkh, p2tr] = vectors.addresses_valid.bitcoin;
    expect(check("bitcoin", p2pkh!)).toBe("ok:p2pkh");
    expect(check("bitcoin", p2sh!)).toBe("ok:p2sh");
    expect(check("bitcoin", p2wpkh!)).toBe("ok:p2wpkh");
    expect(check("bitcoin", p2tr!)).toBe("ok:p2tr");
  });

  it("rejects the bad EIP-55 checksum", () => {
    for (const a of vectors.addresses_invalid.evm_bad_checksum) expect(check("ethereum", a)).toBe("INVALID_CHECKSUM");
  });
});

describe("EVM (EIP-55)", () => {
  // The test vectors listed in EIP-55 itself.
  const EIP55 = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];

  it("computes the EIP-55 checksum of the EIP's vectors", () => {
    for (const a of EIP55) {
      expect(toChecksumAddress(a.toLowerCase())).toBe(a);
      expect(toChecksumAddress(`0x${a.slice(2).toUpperCase()}`)).toBe(a);
      expect(check("ethereum", a)).toBe("ok:evm");
    }
  });

  it("accepts single-case addresses (no checksum) and returns the checksummed form", () => {
    const a = EIP55[0]!;
    expect(validateAddress("bsc", a.toLowerCase())).toEqual({ ok: true, value: { network: "bsc", address: a, kind: "evm" } });
    expect(validateAddress("polygon", `0x${a.slice(2).toUpperCase()}`)).toMatchObject({ ok: true, value: { address: a } });
  });

  it("reports prefix, length and character errors", () => {
    const a = EIP55[0]!;
    expect(check("ethereum", a.slice(2))).toBe("INVALID_PREFIX");
    expect(check("ethereum", `0X${a.slice(2)}`)).toBe("INVALID_PREFIX");
    expect(check("ethereum", a.slice(0, -1))).toBe("INVALID_LENGTH");
    expect(check("ethereum", `${a}0`)).toBe("INVALID_LENGTH");
    expect(check("ethereum", `${a.slice(0, -1)}g`)).toBe("INVALID_CHARACTERS");
    expect(check("ethereum", "")).toBe("EMPTY");
  });

  it("flipping the case of one letter of a checksummed address is caught", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 41 }), (seed, pos) => {
        const a = generateAddress("ethereum", seededRng(seed));
        const c = a[pos]!;
        if (!/[a-fA-F]/.test(c)) return true;
        const flipped = a.slice(0, pos) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + a.slice(pos + 1);
        const body = flipped.slice(2);
        // A flip that leaves the address single-case carries no checksum and is accepted by EIP-55's rule.
        if (body === body.toLowerCase() || body === body.toUpperCase()) return isValidAddress("ethereum", flipped);
        return check("ethereum", flipped) === "INVALID_CHECKSUM";
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Tron", () => {
  const usdt = vectors.addresses_valid.tron[0]!;

  it("checks prefix, alphabet, length, checksum and version byte", () => {
    expect(check("tron", `X${usdt.slice(1)}`)).toBe("INVALID_PREFIX");
    expect(check("tron", `${usdt.slice(0, -1)}0`)).toBe("INVALID_CHARACTERS"); // "0" is not base58
    expect(check("tron", usdt.slice(0, -3))).toBe("INVALID_LENGTH");
    expect(check("tron", `${usdt.slice(0, -1)}${usdt.endsWith("u") ? "v" : "u"}`)).toBe("INVALID_CHECKSUM");
    const v42 = base58check.encode(Uint8Array.of(0x42, ...new Uint8Array(20).fill(7)));
    expect(v42.startsWith("T")).toBe(true);
    expect(check("tron", v42)).toBe("INVALID_VERSION");
    expect(check("tron", vectors.addresses_valid.bitcoin[0]!)).toBe("INVALID_PREFIX");
  });

  it("a changed character is caught", () => {
    const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 33 }), fc.constantFrom(...alphabet), (seed, pos, ch) => {
        const a = generateAddress("tron", seededRng(seed));
        if (a[pos] === ch) return true;
        return !isValidAddress("tron", a.slice(0, pos) + ch + a.slice(pos + 1));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("Solana", () => {
  it("accepts well-known 32-byte keys", () => {
    expect(check("solana", "11111111111111111111111111111111")).toBe("ok:solana"); // System Program
    expect(check("solana", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")).toBe("ok:solana"); // SPL Token program
  });

  it("rejects other lengths and non-base58 characters", () => {
    expect(check("solana", base58.encode(new Uint8Array(31).fill(9)))).toBe("INVALID_LENGTH");
    expect(check("solana", base58.encode(new Uint8Array(33).fill(200)))).toBe("INVALID_LENGTH");
    expect(check("solana", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1O")).toBe("INVALID_CHARACTERS");
    expect(check("solana", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("INVALID_CHARACTERS");
  });
});

describe("Bitcoin", () => {
  it("accepts the valid mainnet segwit vectors of BIP 350", () => {
    const valid: [string, AddressKind][] = [
      ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "p2wpkh"],
      ["bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", "segwit-future"],
      ["BC1SW50QGDZ25J", "segwit-future"],
      ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "segwit-future"],
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "p2tr"],
      // BIP 173's P2WSH example.
      ["bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", "p2wsh"],
    ];
    for (const [a, kind] of valid) {
      const r = validateAddress("bitcoin", a);
      expect(r, a).toEqual({ ok: true, value: { network: "bitcoin", address: a.toLowerCase(), kind } });
    }
  });

  it("rejects the invalid segwit vectors of BIP 350 for the stated reason", () => {
    const invalid: [string, string][] = [
      ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "INVALID_PREFIX"], // human-readable part
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "INVALID_CHECKSUM"], // bech32 instead of bech32m
      ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "INVALID_CHECKSUM"], // bech32 instead of bech32m
      ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "INVALID_CHECKSUM"], // bech32m instead of bech32
      ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "INVALID_CHARACTERS"], // "o" in checksum
      ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "INVALID_VERSION"], // witness version 17
      ["bc1pw5dgrnzv", "INVALID_LENGTH"], // 1-byte program
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "INVALID_LENGTH"], // 41 bytes
      ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "INVALID_LENGTH"], // 16 bytes for version 0
      ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "INVALID_LENGTH"], // more than 4 padding bits
      ["bc1gmk9yu", "INVALID_LENGTH"], // empty data section
    ];
    for (const [a, code] of invalid) expect(check("bitcoin", a), a).toBe(code);
  });

  it("rejects testnet, mixed case and damaged legacy addresses", () => {
    expect(check("bitcoin", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7")).toBe("INVALID_PREFIX");
    expect(check("bitcoin", "tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq")).toBe("INVALID_PREFIX");
    expect(check("bitcoin", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4")).toBe("MIXED_CASE");
    expect(check("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBe("INVALID_CHECKSUM");
    // Version 0x00 with a 19-byte hash: base58check-valid, one byte short.
    expect(check("bitcoin", base58check.encode(Uint8Array.of(0x00, ...new Uint8Array(19).fill(5))))).toBe("INVALID_LENGTH");
    expect(check("bitcoin", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNl")).toBe("INVALID_CHARACTERS");
    // Testnet P2PKH (version 0x6f) starts with m or n.
    expect(check("bitcoin", base58check.encode(Uint8Array.of(0x6f, ...new Uint8Array(20))))).toBe("INVALID_PREFIX");
    // Versions 0x04 and 0x06 can also give strings starting with "3"; only 0x05 is P2SH.
    for (const [version, fill] of [[0x06, 128], [0x04, 255]] as const) {
      const a = base58check.encode(Uint8Array.of(version, ...new Uint8Array(20).fill(fill)));
      expect(a.startsWith("3"), a).toBe(true);
      expect(check("bitcoin", a)).toBe("INVALID_VERSION");
    }
  });
});

describe("networks", () => {
  it("rejects an address of another network", () => {
    const eth = vectors.addresses_valid.evm_eip55[0]!;
    const tron = vectors.addresses_valid.tron[0]!;
    expect(check("tron", eth)).toBe("INVALID_PREFIX");
    expect(check("bitcoin", eth)).toBe("INVALID_PREFIX");
    expect(check("ethereum", tron)).toBe("INVALID_PREFIX");
    expect(check("solana", vectors.addresses_valid.bitcoin[2]!)).toBe("INVALID_CHARACTERS");
    expect(check("dogecoin", eth)).toBe("UNSUPPORTED_NETWORK");
    expect(validateAddress("dogecoin", eth)).toMatchObject({ ok: false, error: { field: "network" } });
  });

  it("trims surrounding whitespace", () => {
    expect(check("tron", `  ${vectors.addresses_valid.tron[0]} \n`)).toBe("ok:tron");
  });
});

describe("generateAddress", () => {
  const expectedKind: Record<ChainCode, AddressKind> = {
    tron: "tron", ethereum: "evm", bsc: "evm", polygon: "evm", arbitrum: "evm", base: "evm", optimism: "evm", avalanche: "evm",
    solana: "solana", bitcoin: "p2wpkh",
  };

  it("produces valid addresses on every network", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHAIN_CODES), fc.integer(), (network, seed) => {
        const a = generateAddress(network, seededRng(seed));
        const r = validateAddress(network, a);
        return r.ok && r.value.address === a && r.value.kind === expectedKind[network];
      }),
      { numRuns: 1000 },
    );
  });

  it("produces each Bitcoin kind", () => {
    fc.assert(
      fc.property(fc.constantFrom("p2pkh", "p2sh", "p2wpkh", "p2wsh", "p2tr") as fc.Arbitrary<"p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr">, fc.integer(), (kind, seed) => {
        const r = validateAddress("bitcoin", generateAddress("bitcoin", seededRng(seed), { bitcoinKind: kind }));
        return r.ok && r.value.kind === kind;
      }),
      { numRuns: 500 },
    );
  });

  it("uses the platform CSPRNG by default", () => {
    const a = generateAddress("ethereum");
    const b = generateAddress("ethereum");
    expect(a).not.toBe(b);
    expect(isValidAddress("ethereum", a)).toBe(true);
  });
});
