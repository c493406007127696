// Password hashes with scrypt. Stored as "scrypt$N$r$p$salt$hash" (base64) so the cost can change later.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

const cost: ScryptOptions = { N: 16384, r: 8, p: 1 };
const keyLength = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

// Compared against when there is no user, so an unknown username costs the same time as a wrong password.
let unknownUserHash: Promise<string> | undefined;

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  unknownUserHash ??= hashPassword(randomBytes(16).toString("hex"));
  const [scheme, n, r, p, salt, expected] = (stored ?? (await unknownUserHash)).split("$");
  if (scheme !== "scrypt" || !salt || !expected) return false;
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  const expectedKey = Buffer.from(expected, "base64");
  const matches = key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
  return matches && stored !== null;
}
