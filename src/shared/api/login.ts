// The two login flows: organisation name + username + password, and account id + API key.
import { z } from "zod";
import { envelopeSchema } from "./common.ts";
import { errorDetailSchema } from "./error.ts";
import { featuresObjectSchema } from "./features.ts";
import { subUserSchema } from "./sub-user.ts";

export const organisationLoginRequestSchema = z.object({
  organisation: z.string().min(1),
  username: z.string().min(1),
  password: z.string().min(1),
  recaptcha_token: z.string().optional(),
});
export type OrganisationLoginRequest = z.infer<typeof organisationLoginRequestSchema>;

export const keyLoginRequestSchema = z.object({ id: z.string().min(1), api_key: z.string().min(1) });
export type KeyLoginRequest = z.infer<typeof keyLoginRequestSchema>;

/** The account: paths use `legacy_id` when it has one, else `id`. */
const loginAccountSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  legacy_id: z.string().nullish(),
});

/** Some accounts send `features` as a JSON string instead of an object. */
const featuresSchema = z.preprocess((value, context) => {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    context.issues.push({ code: "custom", message: "features is a string that is not JSON", input: value });
    return z.NEVER;
  }
}, featuresObjectSchema);

const loginBaseSchema = envelopeSchema.extend({
  user: loginAccountSchema,
  token: z.string().min(1),
  token_type: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
});

export const organisationLoginResultSchema = loginBaseSchema.extend({
  // A successful login may still carry warnings here: they are shown, not treated as failure.
  errors: z.array(errorDetailSchema),
  sub_user: z.looseObject({
    id: z.string(),
    role: z.string().nullish(),
    scopes: z.unknown().nullish(),
    username: z.string().nullish(),
    locations: z.unknown().nullish(),
    active: z.boolean().nullish(),
  }),
  features: featuresSchema.nullish(),
});
export type OrganisationLoginResult = z.infer<typeof organisationLoginResultSchema>;

export const keyLoginResultSchema = loginBaseSchema.extend({ sub_user: subUserSchema });
export type KeyLoginResult = z.infer<typeof keyLoginResultSchema>;
