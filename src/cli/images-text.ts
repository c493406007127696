// The picture cache's state in words, for `images status` and `status`.
import type { ImageCacheStatus } from "../shared/catalog/product-pictures.ts";
import { count, counted } from "./people-format.ts";

export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export function describeImageStatus(status: ImageCacheStatus): string {
  const lines = [
    `Pictures: ${count(status.cached)} of ${counted(status.wanted, "product", "products")} with a picture are kept on this till (${megabytes(status.bytes)} of ${megabytes(status.capBytes)}).`,
  ];
  if (!status.enabled) {
    lines.push(
      "Downloading pictures is turned off in the settings: the pictures kept stay, no new ones come.",
    );
  }
  if (status.problem !== null) lines.push(status.problem);
  return lines.join("\n");
}
