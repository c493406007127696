// The option axes of a variant family (Colour × Size × ...) and the variant at each combination.
// The parent's `options` give the axes and their order; without them, the variants' attributes do.
import type { Product } from "../../../shared/api/product.ts";

export interface OptionAxis {
  name: string;
  values: string[];
}

export function optionAxes(parent: Product | null, variants: readonly Product[]): OptionAxis[] {
  const declared = (parent?.options ?? []).flatMap((option) =>
    Object.entries(option).map(([name, values]) => ({ name, values: [...values] })),
  );
  const axes = declared.length > 0 ? declared : [];
  // Values the variants use but the parent does not list still get a row or column.
  for (const variant of variants) {
    for (const [name, value] of Object.entries(variant.attributes ?? {})) {
      let axis = axes.find((candidate) => candidate.name === name);
      if (!axis) {
        axis = { name, values: [] };
        axes.push(axis);
      }
      if (!axis.values.includes(value)) axis.values.push(value);
    }
  }
  return axes;
}

export type Combination = Record<string, string>;

/** The variant whose attributes match the combination on every axis it names. */
export function variantAt(variants: readonly Product[], combination: Combination): Product | null {
  return (
    variants.find((variant) =>
      Object.entries(combination).every(([name, value]) => variant.attributes?.[name] === value),
    ) ?? null
  );
}

/** Every combination of the given axes' values, in axis order. */
export function combinations(axes: readonly OptionAxis[]): Combination[] {
  return axes.reduce<Combination[]>(
    (partial, axis) =>
      partial.flatMap((combination) => axis.values.map((value) => ({ ...combination, [axis.name]: value }))),
    [{}],
  );
}
