// The chosen labels laid out as they print: cells of the layout in millimetres, each with the words
// the PDF carries (shared/catalog/label-text.ts) and the barcode as vector paths. On screen it is the
// preview; printed (the system's dialog in the app, the page's print in a browser), only it shows.
import { useEffect, useState } from "react";
import { type BarcodeDrawing, barcodeDrawing, type ToSvg } from "../../../shared/catalog/barcode-drawing.ts";
import { cellAt, labelLayoutsByName } from "../../../shared/catalog/label-layouts.ts";
import { labelTexts } from "../../../shared/catalog/label-text.ts";
import type { LabelFace, LabelLayoutName } from "../../../shared/catalog/shelf-labels.ts";

export interface LabelSheetProps {
  labels: readonly LabelFace[];
  layout: LabelLayoutName;
  language: string;
  /** The till's day (YYYY-MM-DD) and branch, printed small on each label. */
  printedOn: string;
  branch: string | null;
}

/** bwip-js is most of the page's script: loaded when a label is first shown. */
function useToSvg(): ToSvg | null {
  const [toSvg, setToSvg] = useState<ToSvg | null>(null);
  useEffect(() => {
    let shown = true;
    void import("bwip-js/browser").then(({ toSVG }) => shown && setToSvg(() => toSVG as ToSvg));
    return () => {
      shown = false;
    };
  }, []);
  return toSvg;
}

export function LabelSheet(props: LabelSheetProps) {
  const layout = labelLayoutsByName[props.layout];
  const toSvg = useToSvg();
  const perPage = layout.columns * layout.rows;
  const pages = Math.max(1, Math.ceil(props.labels.length / perPage));
  const { width, height } = layout.page;
  return (
    <div className="label-print">
      {/* The printer's page is the layout's: an A4 sheet or one roll label. */}
      <style>{`@page { size: ${width}mm ${height}mm; margin: 0; }`}</style>
      {Array.from({ length: pages }, (_, page) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered, never reordered
          key={page}
          className="label-page"
          style={{ width: `${width}mm`, height: `${height}mm` }}
        >
          {props.labels.slice(page * perPage, (page + 1) * perPage).map((face, index) => {
            const cell = cellAt(layout, page * perPage + index);
            return (
              <LabelCell
                key={face.productId}
                face={face}
                texts={labelTexts(face, props)}
                drawing={toSvg === null || face.code === null ? null : barcodeDrawing(toSvg, face.code)}
                box={{ x: cell.x, y: cell.y, width: layout.cell.width, height: layout.cell.height }}
                padding={layout.padding}
                barcodeWidth={layout.barcodeWidth}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

function LabelCell(props: {
  face: LabelFace;
  texts: ReturnType<typeof labelTexts>;
  drawing: BarcodeDrawing | null;
  box: { x: number; y: number; width: number; height: number };
  padding: number;
  barcodeWidth: number;
}) {
  const { box, texts, drawing } = props;
  const mm = (value: number) => `${value}mm`;
  return (
    <div
      className="label-cell"
      style={{
        left: mm(box.x),
        top: mm(box.y),
        width: mm(box.width),
        height: mm(box.height),
        padding: mm(props.padding),
      }}
    >
      <div className="label-name">{texts.name}</div>
      <div className="label-detail">{texts.detail}</div>
      <div className="label-body">
        {drawing !== null && (
          <svg
            className="label-barcode"
            role="img"
            aria-label={props.face.code?.value}
            viewBox={`0 0 ${drawing.width + 7} ${drawing.height}`}
            style={{ width: mm(props.barcodeWidth) }}
          >
            {drawing.paths.map((path, index) =>
              path.stroke === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the drawing's paths never move
                <path key={index} d={path.d} fill="#000" />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the drawing's paths never move
                <path key={index} d={path.d} stroke="#000" strokeWidth={path.stroke} />
              ),
            )}
          </svg>
        )}
        <div className="label-prices">
          <div className="label-price">{texts.price}</div>
          {texts.unit !== "" && <div>{texts.unit}</div>}
          {texts.deposit !== "" && <div>{texts.deposit}</div>}
          {texts.offer !== "" && <div className="label-offer">{texts.offer}</div>}
        </div>
      </div>
      <div className="label-footer">{texts.footer}</div>
    </div>
  );
}
