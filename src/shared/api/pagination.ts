// The one pagination scheme every listable resource uses, and the products list and meta responses.
import { z } from "zod";
import { envelopeSchema, requestInfoSchema } from "./common.ts";

/** A position in the walk: the cursor field's value (under its own name) and id of the last item. */
export const cursorPositionSchema = z.looseObject({
  id: z.string().nullish(),
  updated_at: z.string().nullish(),
  page: z.number().int().min(0),
  cursor_field: z.string(),
});
export type CursorPosition = z.infer<typeof cursorPositionSchema>;

const requestCursorSchema = z.looseObject({
  // Absent on the last page.
  next: cursorPositionSchema.nullish(),
  first: cursorPositionSchema,
  page: z.number().int().min(0),
});

const cursorUrlsSchema = z.looseObject({
  first: z.url(),
  self: z.url(),
  // Absent on the last page.
  next: z.url().nullish(),
});

/** One page of products. Records stay unparsed here so one bad record can be set aside alone. */
export const productsPageSchema = envelopeSchema.extend({
  request: requestInfoSchema.extend({ cursor: requestCursorSchema }),
  cursor: cursorUrlsSchema,
  count: z.number().int().min(0),
  results: z.array(z.unknown()),
});
export type ProductsPage = z.infer<typeof productsPageSchema>;

/** `GET /api/v1/products/<account>/meta`: the total for the same filters as a list call. */
export const productsMetaSchema = envelopeSchema.extend({
  results: z.tuple([z.looseObject({ count: z.number().int().min(0) })]).rest(z.unknown()),
});

/** `GET /api/v1/products/<account>/<id>`: the record in a one-element array, no count, no cursor. */
export const singleProductSchema = envelopeSchema.extend({ results: z.array(z.unknown()).min(1) });

/** Cursor fields the list accepts: the timestamps `first` can bound. Ties are broken by id. */
export const cursorFields = ["updated_at", "created_at"] as const;
export type CursorField = (typeof cursorFields)[number];

/** Paging limits of the reference service. The real maximum is not published. */
export const pagingLimits = { defaultSize: 1000, maxSize: 5000 } as const;
