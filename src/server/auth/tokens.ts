// Bearer tokens: JWTs signed with HMAC-SHA256. Times in claims are seconds, as JWT defines them.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const tokenIssuer = "pos-catalog-reference-service";

export const tokenClaimsSchema = z.object({
  iss: z.literal(tokenIssuer),
  /** The sub-user. */
  sub: z.string(),
  /** The account (UUID). */
  aud: z.string(),
  jti: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
  scopes: z.array(z.string()),
  role: z.string().nullable(),
  legacy_id: z.string().nullable(),
  /** Set on tokens from an API key login: a fingerprint of that key, so revoking the key voids them. */
  key: z.string().optional(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function base64url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

function signature(secret: Buffer, signedPart: string): Buffer {
  return createHmac("sha256", secret).update(signedPart).digest();
}

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const signedPart = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${signedPart}.${signature(secret, signedPart).toString("base64url")}`;
}

/** The claims of a token this service signed and that has not expired at `nowSeconds`; null otherwise. */
export function verifyToken(secret: Buffer, token: string, nowSeconds: number): TokenClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  // Only our own header is accepted: that rules out "alg: none" and algorithm confusion at once.
  if (headerPart !== header) return null;
  const given = Buffer.from(signaturePart, "base64url");
  const expected = signature(secret, `${headerPart}.${payloadPart}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = tokenClaimsSchema.safeParse(parseJson(Buffer.from(payloadPart, "base64url").toString()));
  if (!claims.success || claims.data.exp <= nowSeconds) return null;
  return claims.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
