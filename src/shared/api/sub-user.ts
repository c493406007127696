// Organisation sub-users: the record the service returns and the body that creates one.
import { z } from "zod";
import { timestampSchema } from "./common.ts";

export const subUserSchema = z.looseObject({
  id: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  metadata: z.unknown().nullish(),
  groups: z.unknown().nullish(),
  scopes: z.unknown().nullish(),
  attributes: z.unknown().nullish(),
  user: z.looseObject({ id: z.string().nullable(), email: z.string().nullable() }),
  description: z.string().nullable(),
  active: z.boolean(),
  role: z.string().nullable(),
  parents: z.unknown().nullish(),
  children: z.unknown().nullish(),
  blocked: z.boolean(),
  configuration_id: z.string(),
  user_id: z.string().nullable(),
  deleted: z.boolean(),
  api_key: z.string().nullable(),
  key: z.unknown().nullish(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  locations: z.unknown().nullish(),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
});
export type SubUser = z.infer<typeof subUserSchema>;

const nameField = z.string().trim().min(1).max(32);

/** The roles the real service knows; a sub-user's rights come from its scopes, never its role. */
export const subUserRoles = [
  "admin",
  "manager",
  "serviceaccount",
  "franchisee",
  "franchise",
  "staff",
  "accountant",
  "purchaser",
] as const;

/** The create body, with the field limits the real service enforces. */
export const createSubUserRequestSchema = z.object({
  user: z.object({ id: z.null().optional(), email: z.email() }),
  description: z.string().min(1).max(32).nullish(),
  active: z.boolean(),
  user_id: z.null().optional(),
  scopes: z.array(z.string().min(1)).nullish(),
  role: z.enum(subUserRoles, { error: `must be one of ${subUserRoles.join(", ")}` }).nullish(),
  username: z.email(),
  secret: z.string().min(5).max(128),
  locations: z.array(z.string()).nullish(),
  firstname: nameField,
  lastname: nameField,
});
export type CreateSubUserRequest = z.infer<typeof createSubUserRequestSchema>;
