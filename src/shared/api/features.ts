// The account's features as a login returns them: in a file of their own because the session file
// keeps them too, and reading that file (every lookup) need not build the login schemas.
import { z } from "zod";

export const featuresObjectSchema = z.looseObject({
  vouchers: z.boolean().optional(),
  inventory: z.boolean().optional(),
  fiscalisation: z.boolean().optional(),
});
export type Features = z.infer<typeof featuresObjectSchema>;
