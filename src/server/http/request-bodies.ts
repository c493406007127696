// The bodies this service accepts: the shared contract's schemas, tightened with a limit on every text
// field (the real service's where upstream-facts names one), so no request can store or key anything huge.
import { z } from "zod";
import { keyLoginRequestSchema, organisationLoginRequestSchema } from "../../shared/api/login.ts";
import { createSubUserRequestSchema } from "../../shared/api/sub-user.ts";
import { isKnownScope } from "../auth/scopes.ts";

/** RFC 5321's longest usable address. */
const maxEmailChars = 254;
const maxLocations = 100;
const maxLocationChars = 128;
const maxScopes = 32;

const email = z.string().max(maxEmailChars).pipe(z.email());

export const subUserBodySchema = createSubUserRequestSchema.extend({
  user: z.object({ id: z.null().optional(), email }),
  username: email,
  scopes: z
    .array(z.string().refine(isKnownScope, "not a known scope (see the service README)"))
    .max(maxScopes)
    .nullish(),
  locations: z.array(z.string().min(1).max(maxLocationChars)).max(maxLocations).nullish(),
});

export const organisationLoginBodySchema = organisationLoginRequestSchema.extend({
  organisation: z.string().min(1).max(256),
  username: z.string().min(1).max(maxEmailChars),
  password: z.string().min(1).max(128),
  recaptcha_token: z.string().max(4096).optional(),
});

export const keyLoginBodySchema = keyLoginRequestSchema.extend({
  id: z.string().min(1).max(64),
  api_key: z.string().min(1).max(128),
});
