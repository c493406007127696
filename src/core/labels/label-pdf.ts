// Shelf labels as a PDF ready to print (pdfkit): each label in its cell of the layout, the name in
// at most two lines, the price large, the unit price, the deposit apart, an offer's last day, and
// the product's barcode drawn as vectors (bwip-js). DejaVu Sans is embedded (subset), so German,
// Polish and French letters print wherever the PDF is opened.
import { createRequire } from "node:module";
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import { type BarcodeDrawing, barcodeDrawing, type ToSvg } from "../../shared/catalog/barcode-drawing.ts";
import { cellAt, type LabelLayout, labelLayoutsByName } from "../../shared/catalog/label-layouts.ts";
import { type LabelTexts, labelTexts } from "../../shared/catalog/label-text.ts";
import type { LabelFace, LabelLayoutName } from "../../shared/catalog/shelf-labels.ts";

export interface LabelPdfInput {
  labels: readonly LabelFace[];
  layout: LabelLayoutName;
  language: string;
  /** The till's day (YYYY-MM-DD) and branch name, printed small on each label. */
  printedOn: string;
  branch: string | null;
}

const pointsPerMillimetre = 72 / 25.4;
const mm = (value: number) => value * pointsPerMillimetre;
const fonts = (() => {
  const require = createRequire(import.meta.url);
  return {
    regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
    bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  };
})();

export function labelPdf(input: LabelPdfInput): Promise<Buffer> {
  const layout = labelLayoutsByName[input.layout];
  const doc = new PDFDocument({
    size: [mm(layout.page.width), mm(layout.page.height)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: "Shelf labels", Producer: "pos-catalog" },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  let page = -1;
  input.labels.forEach((face, index) => {
    const cell = cellAt(layout, index);
    if (cell.page !== page) {
      doc.addPage();
      page = cell.page;
    }
    const texts = labelTexts(face, input);
    drawLabel(doc, layout, { x: cell.x, y: cell.y }, texts, face.code);
  });
  if (page === -1) doc.addPage();
  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function drawLabel(
  doc: Doc,
  layout: LabelLayout,
  at: { x: number; y: number },
  texts: LabelTexts,
  code: LabelFace["code"],
): void {
  const { padding, cell } = layout;
  const left = at.x + padding;
  const width = cell.width - 2 * padding;
  const bottom = at.y + cell.height - padding;
  // The name: two lines at most, the rest cut with an ellipsis.
  doc.font("bold").fontSize(8.5);
  const nameLine = doc.currentLineHeight(true);
  doc.text(texts.name, mm(left), mm(at.y + padding), {
    width: mm(width),
    height: nameLine * 2,
    ellipsis: true,
    lineGap: 0,
  });
  const detailTop = at.y + padding + (2 * nameLine) / pointsPerMillimetre + 0.5;
  oneLine(doc, texts.detail, { x: left, y: detailTop, width, size: 6.5, font: "regular" });
  const barcode = code === null ? null : barcodeDrawing(bwipjs.toSVG as ToSvg, code);
  const barcodeWidth = barcode === null ? 0 : layout.barcodeWidth;
  // The footer spans the label's foot; the barcode stands on it.
  const footerTop = bottom - 2;
  oneLine(doc, texts.footer, { x: left, y: footerTop, width, size: 5, font: "regular" });
  if (barcode !== null) drawBarcode(doc, barcode, { x: left, bottom: footerTop - 0.4, width: barcodeWidth });
  // The price column: right of the barcode, from under the detail line down to the footer.
  const column = {
    x: left + barcodeWidth + (barcode === null ? 0 : 1.5),
    width: width - barcodeWidth - (barcode === null ? 0 : 1.5),
  };
  const priceTop = detailTop + 3.5;
  const priceSize = fitSize(doc, texts.price, mm(column.width), 22);
  doc.font("bold").fontSize(priceSize);
  doc.text(texts.price, mm(column.x), mm(priceTop), {
    width: mm(column.width),
    align: "right",
    lineBreak: false,
  });
  let line = priceTop + doc.currentLineHeight(true) / pointsPerMillimetre + 0.3;
  for (const text of [texts.unit, texts.deposit, texts.offer]) {
    if (text === "") continue;
    const font = text === texts.offer ? "bold" : "regular";
    oneLine(doc, text, { ...column, y: line, size: 6.5, font, align: "right" });
    line += 2.8;
  }
}

/** One line cut to its width with an ellipsis, never wrapped. */
function oneLine(
  doc: Doc,
  text: string,
  where: { x: number; y: number; width: number; size: number; font: string; align?: "right" },
): void {
  if (text === "") return;
  doc.font(where.font).fontSize(where.size);
  doc.text(text, mm(where.x), mm(where.y), {
    width: mm(where.width),
    height: doc.currentLineHeight(true),
    ellipsis: true,
    align: where.align ?? "left",
  });
}

/** The largest size up to `largest` at which the text fits the width. */
function fitSize(doc: Doc, text: string, width: number, largest: number): number {
  doc.font("bold");
  let size = largest;
  while (size > 8 && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  return size;
}

/** The barcode scaled to its width, with room after it for the quiet zone, standing on `bottom`. */
function drawBarcode(
  doc: Doc,
  drawing: BarcodeDrawing,
  box: { x: number; bottom: number; width: number },
): void {
  const quietModules = 7;
  const scale = mm(box.width) / (drawing.width + quietModules);
  const top = mm(box.bottom) - drawing.height * scale;
  doc.save();
  doc.translate(mm(box.x), top).scale(scale);
  for (const path of drawing.paths) {
    if (path.stroke === null) doc.path(path.d).fill("#000000");
    else doc.path(path.d).lineWidth(path.stroke).lineCap("butt").stroke("#000000");
  }
  doc.restore();
}
