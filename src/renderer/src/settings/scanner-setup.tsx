// The scanner's setup code on the settings screen, and what its last scan found. Scanning it (from
// any screen) teaches the till the scanner's keyboard layout and affixes (scanner-calibration.ts);
// the code is drawn by bwip-js, on screen and on a page of its own when printed.
import { useEffect, useId, useState } from "react";
import type { ScannerLayout } from "../../../shared/keyboard/keystroke-reading.ts";
import { type Calibration, setupCode } from "../../../shared/keyboard/scanner-calibration.ts";
import { type MessageKey, type Translate, useI18n } from "../i18n/i18n.tsx";

/** The last setup scan: what it found, and whether saving it failed (with the reason). */
export interface SetupNotice {
  calibration: Calibration;
  failure: string | null;
}

export function layoutLabel(layout: ScannerLayout): MessageKey {
  return `layout.${layout}`;
}

type DrawingLibrary = Pick<typeof import("bwip-js/browser"), "toSVG">;

/** The drawing library, loaded on first use (see useSetupCodeImage). */
const loadBwip = (): Promise<DrawingLibrary> => import("bwip-js/browser");

export function ScannerSetup(props: {
  notice: SetupNotice | null;
  /** Where the drawing library comes from; a test gives one that fails to load, as a broken install's. */
  loadDrawing?: () => Promise<DrawingLibrary>;
}) {
  const { t } = useI18n();
  const id = useId();
  const image = useSetupCodeImage(props.loadDrawing ?? loadBwip);
  return (
    <section className="scanner-setup" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t("setup.heading")}</h3>
      <p>{t("setup.hint")}</p>
      {image === "failed" ? (
        <p className="setup-code error">{t("setup.notDrawn")}</p>
      ) : (
        image !== null && (
          <img
            className="setup-code"
            src={image.src}
            width={image.width}
            height={image.height}
            alt={t("setup.image")}
          />
        )
      )}
      <button type="button" className="setup-print" onClick={() => window.print()}>
        {t("setup.print")}
      </button>
      <p className={props.notice?.failure ? "setup-result error" : "setup-result"} role="status">
        {props.notice && noticeText(props.notice, t)}
      </p>
    </section>
  );
}

interface SetupImage {
  src: string;
  width: number;
  height: number;
}

/**
 * bwip-js is four fifths of the page's script (2 MB), and only this section uses it: it is loaded
 * when the section is shown, so the till's screens start without it. Null until drawn.
 */
function useSetupCodeImage(load: () => Promise<DrawingLibrary>): SetupImage | "failed" | null {
  const [image, setImage] = useState<SetupImage | "failed" | null>(null);
  useEffect(() => {
    let shown = true;
    load().then(
      ({ toSVG }) => shown && setImage(drawSetupCode(toSVG)),
      () => shown && setImage("failed"),
    );
    return () => {
      shown = false;
    };
  }, [load]);
  return image;
}

function drawSetupCode(toSVG: DrawingLibrary["toSVG"]): SetupImage {
  const drawn = toSVG({
    bcid: "code128",
    text: setupCode,
    scale: 2,
    height: 14,
    paddingwidth: 10,
    paddingheight: 4,
  });
  // The drawing's own size, so it shows bar for bar and not at an image's default 300 px.
  const [, , width = 0, height = 0] = (/viewBox="([\d.\s]+)"/u.exec(drawn)?.[1] ?? "0 0 0 0")
    .split(/\s+/u)
    .map(Number);
  const svg = drawn.replace("<svg ", `<svg width="${width}" height="${height}" `);
  return { src: `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`, width, height };
}

function noticeText({ calibration, failure }: SetupNotice, t: Translate): string {
  if (failure !== null) return t("setup.failed", { message: failure });
  const { layout, prefix, suffix } = calibration;
  const sentences = [t("setup.done", { layout: t(layoutLabel(layout)) })];
  if (prefix === "" && suffix === "") sentences.push(t("setup.noAffixes"));
  if (prefix !== "") sentences.push(t("setup.prefix", { prefix }));
  if (suffix !== "") sentences.push(t("setup.suffix", { suffix }));
  return sentences.join(" ");
}
