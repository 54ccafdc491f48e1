import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { DEFAULT_PASSWORD_HASHING } from "../../config.js";

/**
 * Passwords are hashed with scrypt, which is memory-hard: guessing costs memory as well as CPU,
 * so GPU and ASIC attacks gain little. The work factor of new hashes is the configuration's
 * (`accounts.passwordHashing`): production's is always DEFAULT_PASSWORD_HASHING; tests lower it.
 */
export interface PasswordHashing {
  /** scrypt's N, a power of two. */
  cost: number;
  /** scrypt's r. */
  blockSize: number;
  /** scrypt's p. */
  parallelism: number;
}

const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Upper bound on the work factor read back from a stored hash, so a tampered row cannot exhaust memory. */
const MAX_COST = 2 ** 17;

/** scrypt needs about 128·N·r bytes; Node's default cap (32 MiB) is exactly that, so leave headroom. */
function maxMemoryFor(cost: number, blockSize: number, parallelism: number): number {
  return 128 * cost * blockSize * (parallelism + 2);
}

function deriveKey(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize("NFKC"), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Returns `scrypt$N$r$p$salt$hash` (salt and hash in base64), with `hashing`'s work factor
 * (production's unless given). The parameters travel with the hash so the work factor can be
 * raised later without invalidating existing passwords.
 */
export async function hashPassword(
  plain: string,
  { cost, blockSize, parallelism }: PasswordHashing = DEFAULT_PASSWORD_HASHING,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(plain, salt, KEY_BYTES, {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: maxMemoryFor(cost, blockSize, parallelism),
  });
  return ["scrypt", cost, blockSize, parallelism, salt.toString("base64"), key.toString("base64")].join("$");
}

/** True when `plain` matches `stored`; a malformed or foreign stored value never matches. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [cost, blockSize, parallelism] = parts.slice(1, 4).map(Number);
  const isPowerOfTwo = Number.isInteger(cost) && cost > 1 && (cost & (cost - 1)) === 0;
  if (!isPowerOfTwo || cost > MAX_COST) return false;
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize > 32) return false;
  if (!Number.isInteger(parallelism) || parallelism < 1 || parallelism > 16) return false;
  const salt = Buffer.from(parts[4], "base64");
  const expected = Buffer.from(parts[5], "base64");
  if (salt.length === 0 || expected.length < 16) return false;

  const actual = await deriveKey(plain, salt, expected.length, {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: maxMemoryFor(cost, blockSize, parallelism),
  });
  // Constant-time comparison: the time taken reveals nothing about how many bytes matched.
  return timingSafeEqual(actual, expected);
}
