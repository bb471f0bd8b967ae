/**
 * Deposit and withdrawal addresses per network (spec: "Chains", cash-out
 * `key` with `network`; a mismatch is INVALID_CRYPTO_ADDRESS, Errors rule 6).
 *
 * Encodings come from audited libraries by Paul Miller: @scure/base (base58,
 * base58check, bech32, bech32m) and @noble/hashes (sha256, keccak-256). Both
 * are pure JavaScript and run in the browser and in Node.
 */
import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { type Result, type CodecError, ok, err } from "./result";
import { type ChainCode, CHAINS, isChainCode } from "./chains";
import { type Rng, cryptoRng, randomBytes } from "./rng";

/** base58check as in Bitcoin and Tron: payload + first 4 bytes of sha256(sha256(payload)). */
const base58check = createBase58check(sha256);

export type AddressKind =
  | "tron"
  | "evm"
  | "solana"
  | "p2pkh" // Bitcoin legacy, "1..."
  | "p2sh" // Bitcoin script hash, "3..."
  | "p2wpkh" // segwit v0, 20-byte program, "bc1q..."
  | "p2wsh" // segwit v0, 32-byte program, "bc1q..."
  | "p2tr" // taproot, segwit v1 with a 32-byte program, "bc1p..."
  | "segwit-future"; // segwit v1 with another length, or v2-v16 (valid per BIP 350, not yet defined)

export type ValidAddress = {
  network: ChainCode;
  /** The canonical form: EIP-55 checksum case for EVM, lower case for bech32, the input otherwise. */
  address: string;
  kind: AddressKind;
};

export type AddressErrorCode =
  | "EMPTY"
  | "UNSUPPORTED_NETWORK"
  | "INVALID_CHARACTERS"
  | "INVALID_LENGTH"
  | "INVALID_PREFIX"
  | "INVALID_CHECKSUM"
  | "INVALID_VERSION"
  | "MIXED_CASE";
export type AddressError = CodecError<AddressErrorCode>;

const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;
const BASE58_CHARS = /^[1-9A-HJ-NP-Za-km-z]+$/;

function hexOf(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

/**
 * EIP-55 mixed-case checksum: hash the lower-case hex (without 0x) with
 * keccak-256; a letter is upper case where the matching hash nibble is ≥ 8.
 */
export function toChecksumAddress(address: string): string {
  if (!EVM_HEX.test(address)) throw new RangeError("Expected 0x followed by 40 hexadecimal characters");
  const lower = address.slice(2).toLowerCase();
  const hash = hexOf(keccak_256(new TextEncoder().encode(lower)));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

function validateEvm(network: ChainCode, address: string): Result<ValidAddress, AddressError> {
  if (!address.startsWith("0x")) return err("INVALID_PREFIX", "An EVM address starts with 0x.");
  if (address.length !== 42) return err("INVALID_LENGTH", "An EVM address is 0x followed by 40 hexadecimal characters.");
  if (!EVM_HEX.test(address)) return err("INVALID_CHARACTERS", "An EVM address contains only hexadecimal characters after 0x.");
  const body = address.slice(2);
  const checksummed = toChecksumAddress(address);
  // EIP-55: all-lower or all-upper carries no checksum; mixed case must match it exactly.
  const isSingleCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!isSingleCase && checksummed !== address) {
    return err("INVALID_CHECKSUM", "The address's mixed upper/lower case does not match its EIP-55 checksum; it was probably mistyped.");
  }
  return ok({ network, address: checksummed, kind: "evm" });
}

function validateTron(address: string): Result<ValidAddress, AddressError> {
  if (!address.startsWith("T")) return err("INVALID_PREFIX", "A Tron address starts with T.");
  if (!BASE58_CHARS.test(address)) return err("INVALID_CHARACTERS", "A Tron address uses only base58 characters.");
  const raw = base58.decode(address);
  // 1 version byte + 20-byte account id + 4 checksum bytes.
  if (raw.length !== 25) return err("INVALID_LENGTH", `A Tron address decodes to 25 bytes; got ${raw.length}.`);
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return err("INVALID_CHECKSUM", "The Tron address checksum does not match; it was probably mistyped.");
  }
  if (payload[0] !== 0x41) return err("INVALID_VERSION", "A Tron mainnet address has version byte 0x41.");
  return ok({ network: "tron", address, kind: "tron" });
}

function validateSolana(address: string): Result<ValidAddress, AddressError> {
  if (!BASE58_CHARS.test(address)) return err("INVALID_CHARACTERS", "A Solana address uses only base58 characters.");
  if (address.length < 32 || address.length > 44) return err("INVALID_LENGTH", "A Solana address has 32 to 44 characters.");
  // A public key or a program-derived address: 32 bytes, no checksum, so a typo
  // that keeps 32 bytes cannot be detected. PDAs are off the ed25519 curve by
  // design, so we do not require the bytes to be a curve point.
  const bytes = base58.decode(address);
  if (bytes.length !== 32) return err("INVALID_LENGTH", `A Solana address decodes to 32 bytes; got ${bytes.length}.`);
  return ok({ network: "solana", address, kind: "solana" });
}

function validateBitcoinBase58(address: string): Result<ValidAddress, AddressError> {
  if (!BASE58_CHARS.test(address)) return err("INVALID_CHARACTERS", "A legacy Bitcoin address uses only base58 characters.");
  const raw = base58.decode(address);
  if (raw.length !== 25) return err("INVALID_LENGTH", `A legacy Bitcoin address decodes to 25 bytes; got ${raw.length}.`);
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address);
  } catch {
    return err("INVALID_CHECKSUM", "The Bitcoin address checksum does not match; it was probably mistyped.");
  }
  // Mainnet versions only: 0x00 pay-to-pubkey-hash ("1..."), 0x05 pay-to-script-hash ("3...").
  if (payload[0] === 0x00) return ok({ network: "bitcoin", address, kind: "p2pkh" });
  if (payload[0] === 0x05) return ok({ network: "bitcoin", address, kind: "p2sh" });
  return err("INVALID_VERSION", "Only Bitcoin mainnet addresses (version 0x00 or 0x05) are accepted.");
}

/**
 * Segwit addresses (BIP 173, BIP 350): human-readable part "bc", all lower or
 * all upper case, witness version 0 encoded with bech32 and a 20- or 32-byte
 * program, versions 1-16 encoded with bech32m and a 2-40-byte program.
 */
function validateBitcoinSegwit(address: string): Result<ValidAddress, AddressError> {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return err("MIXED_CASE", "A bech32 address must be all lower case or all upper case.");
  }
  const lower = address.toLowerCase();
  if (lower.length > 90) return err("INVALID_LENGTH", "A bech32 address has at most 90 characters.");
  const sep = lower.lastIndexOf("1");
  if (lower.slice(0, sep) !== "bc") return err("INVALID_PREFIX", "Only Bitcoin mainnet segwit addresses (bc1...) are accepted.");
  if (!/^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/.test(lower.slice(sep + 1))) {
    return err("INVALID_CHARACTERS", "A bech32 address uses only the bech32 alphabet after 'bc1' (no 1, b, i or o).");
  }
  // Decode with both checksums: which one matches must agree with the witness version (BIP 350).
  const asBech32 = bech32.decodeUnsafe(lower, 90);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lower, 90);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded) return err("INVALID_CHECKSUM", "The bech32 checksum does not match; the address was probably mistyped.");
  const version = decoded.words[0];
  if (version === undefined) return err("INVALID_LENGTH", "The address has no witness version or program.");
  if (version > 16) return err("INVALID_VERSION", `Witness version ${version} does not exist; versions are 0 to 16.`);
  if (version === 0 && !asBech32) {
    return err("INVALID_CHECKSUM", "Witness version 0 addresses use the bech32 checksum, not bech32m (BIP 350).");
  }
  if (version > 0 && !asBech32m) {
    return err("INVALID_CHECKSUM", "Witness version 1+ addresses use the bech32m checksum, not bech32 (BIP 350).");
  }
  const coder = version === 0 ? bech32 : bech32m;
  const program = coder.fromWordsUnsafe(decoded.words.slice(1));
  if (!program) return err("INVALID_LENGTH", "The witness program has invalid padding (BIP 173: at most 4 zero bits).");
  if (program.length < 2 || program.length > 40) return err("INVALID_LENGTH", "A witness program has 2 to 40 bytes.");
  let kind: AddressKind;
  if (version === 0) {
    if (program.length === 20) kind = "p2wpkh";
    else if (program.length === 32) kind = "p2wsh";
    else return err("INVALID_LENGTH", "A version 0 witness program has 20 or 32 bytes.");
  } else {
    kind = version === 1 && program.length === 32 ? "p2tr" : "segwit-future";
  }
  return ok({ network: "bitcoin", address: lower, kind });
}

function validateBitcoin(address: string): Result<ValidAddress, AddressError> {
  if (/^bc1/i.test(address)) return validateBitcoinSegwit(address);
  if (address.startsWith("1") || address.startsWith("3")) return validateBitcoinBase58(address);
  return err("INVALID_PREFIX", "A Bitcoin mainnet address starts with 1, 3 or bc1.");
}

/**
 * Validates an address for a network (spec chain codes). Surrounding
 * whitespace is trimmed; nothing else is changed before checking.
 */
export function validateAddress(network: ChainCode | string, address: string): Result<ValidAddress, AddressError> {
  if (!isChainCode(network)) return err("UNSUPPORTED_NETWORK", `Unknown network "${network}".`, "network");
  const a = address.trim();
  if (a === "") return err("EMPTY", "The address is empty.");
  switch (CHAINS[network].addressFormat) {
    case "evm":
      return validateEvm(network, a);
    case "tron":
      return validateTron(a);
    case "solana":
      return validateSolana(a);
    case "bitcoin":
      return validateBitcoin(a);
  }
}

export function isValidAddress(network: ChainCode, address: string): boolean {
  return validateAddress(network, address).ok;
}

export type GenerateAddressOptions = {
  /** Bitcoin only: which kind to produce (default p2wpkh, "bc1q..."). */
  bitcoinKind?: "p2pkh" | "p2sh" | "p2wpkh" | "p2wsh" | "p2tr";
};

/**
 * A well-formed random address for the sandbox's deposit addresses. The bytes
 * are random: nobody holds a key for them, so never send real funds there.
 */
export function generateAddress(network: ChainCode, rng: Rng = cryptoRng, options: GenerateAddressOptions = {}): string {
  switch (CHAINS[network].addressFormat) {
    case "evm":
      return toChecksumAddress(`0x${hexOf(randomBytes(rng, 20))}`);
    case "tron":
      return base58check.encode(Uint8Array.of(0x41, ...randomBytes(rng, 20)));
    case "solana":
      return base58.encode(randomBytes(rng, 32));
    case "bitcoin": {
      const kind = options.bitcoinKind ?? "p2wpkh";
      switch (kind) {
        case "p2pkh":
          return base58check.encode(Uint8Array.of(0x00, ...randomBytes(rng, 20)));
        case "p2sh":
          return base58check.encode(Uint8Array.of(0x05, ...randomBytes(rng, 20)));
        case "p2wpkh":
          return bech32.encode("bc", [0, ...bech32.toWords(randomBytes(rng, 20))]);
        case "p2wsh":
          return bech32.encode("bc", [0, ...bech32.toWords(randomBytes(rng, 32))]);
        case "p2tr":
          return bech32m.encode("bc", [1, ...bech32m.toWords(randomBytes(rng, 32))]);
      }
    }
  }
}
