// The two label stocks the till prints on, in millimetres: an A4 sheet of 3 x 8 labels of 70 x 37 mm
// (office printers) and a 58 x 40 mm roll label (thermal label printers). The PDF and the screen's
// preview both place labels by these numbers.
import type { LabelLayoutName } from "./shelf-labels.ts";

export interface LabelLayout {
  page: { width: number; height: number };
  cell: { width: number; height: number };
  columns: number;
  rows: number;
  /** Where the first cell's top left corner is on the page. */
  origin: { x: number; y: number };
  /** Inside each cell, kept clear all round: a label's print never reaches its edge. */
  padding: number;
  /** The barcode's width with its quiet zones: above 80 % of an EAN-13's nominal 37.3 mm less margins. */
  barcodeWidth: number;
}

export const labelLayoutsByName: Record<LabelLayoutName, LabelLayout> = {
  "a4-3x8": {
    page: { width: 210, height: 297 },
    cell: { width: 70, height: 37 },
    columns: 3,
    rows: 8,
    origin: { x: 0, y: 0.5 },
    padding: 3,
    barcodeWidth: 33,
  },
  "roll-58x40": {
    page: { width: 58, height: 40 },
    cell: { width: 58, height: 40 },
    columns: 1,
    rows: 1,
    origin: { x: 0, y: 0 },
    padding: 2.5,
    barcodeWidth: 31,
  },
};

/** The page (from 0) and the top left corner of the label at `index`. */
export function cellAt(layout: LabelLayout, index: number): { page: number; x: number; y: number } {
  const perPage = layout.columns * layout.rows;
  const onPage = index % perPage;
  return {
    page: Math.floor(index / perPage),
    x: layout.origin.x + (onPage % layout.columns) * layout.cell.width,
    y: layout.origin.y + Math.floor(onPage / layout.columns) * layout.cell.height,
  };
}
