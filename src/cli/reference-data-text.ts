// The reference data in status's words: one line for the counter keys' favourite sets, the product
// groups and the taxes held, what the service does not offer, and what was refused or left out.
import type { ReferenceCount, ReferenceData } from "../shared/catalog/catalog-status.ts";
import { count } from "./people-format.ts";

const names: Record<keyof ReferenceData, string> = {
  favourites: "favourite sets",
  productGroups: "product groups",
  taxes: "taxes",
};

export function describeReferenceData(data: ReferenceData): string {
  const parts = (Object.keys(names) as (keyof ReferenceData)[]).map((key) => part(names[key], data[key]));
  return `Counter keys and card: ${parts.join(", ")}`;
}

function part(name: string, list: ReferenceCount): string {
  if (list.state === "unread") return `${name} not read yet`;
  if (list.state === "absent") return `${name} not offered by the service`;
  const notes = [
    ...(list.refused > 0 ? [`${count(list.refused)} unreadable`] : []),
    ...(list.withUnusableParts > 0
      ? [`${count(list.withUnusableParts)} with parts left out (check names them)`]
      : []),
  ];
  return `${count(list.held)} ${name}${notes.length === 0 ? "" : ` (${notes.join("; ")})`}`;
}
