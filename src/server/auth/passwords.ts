// Password hashes with scrypt. Stored as "scrypt$N$r$p$salt$hash" (base64): a hash keeps the cost it was
// made with, so a change of cost applies to new passwords and old ones still verify.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's work factor N for new hashes: 2^14, about 50 ms of a core a login. */
export const defaultPasswordCost = 16_384;
/** The cheapest cost a service takes (2^10): for test services, which hash hundreds of passwords. */
export const minPasswordCost = 1_024;
const r = 8;
const p = 1;
const keyLength = 32;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for no user (`stored` null), which costs the same time. */
  verify(password: string, stored: string | null): Promise<boolean>;
}

/** A power of two from `minPasswordCost` to `defaultPasswordCost`. */
export function isPasswordCost(cost: number): boolean {
  return (
    Number.isInteger(cost) &&
    cost >= minPasswordCost &&
    cost <= defaultPasswordCost &&
    (cost & (cost - 1)) === 0
  );
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function passwordHasher(cost = defaultPasswordCost): PasswordHasher {
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, { N: cost, r, p });
    return ["scrypt", cost, r, p, salt.toString("base64"), key.toString("base64")].join("$");
  };
  // Compared against when there is no user, so an unknown username costs the same time as a wrong password.
  let unknownUserHash: Promise<string> | undefined;
  const verify = async (password: string, stored: string | null): Promise<boolean> => {
    unknownUserHash ??= hash(randomBytes(16).toString("hex"));
    const [scheme, n, storedR, storedP, salt, expected] = (stored ?? (await unknownUserHash)).split("$");
    if (scheme !== "scrypt" || !salt || !expected) return false;
    const key = await derive(password, Buffer.from(salt, "base64"), {
      N: Number(n),
      r: Number(storedR),
      p: Number(storedP),
    });
    const expectedKey = Buffer.from(expected, "base64");
    const matches = key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
    return matches && stored !== null;
  };
  return { hash, verify };
}
