// The way out of kiosk mode: a Quit in Settings that asks before it quits, so a stray touch cannot
// close the till.
import { useId, useState } from "react";
import type { TillShell } from "../../../shared/ipc/till-shell.ts";
import { useI18n } from "../i18n/i18n.tsx";

export function KioskExit({ shell }: { shell: TillShell }) {
  const { t } = useI18n();
  const id = useId();
  const [asking, setAsking] = useState(false);
  return (
    <section className="kiosk-exit" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t("kiosk.heading")}</h3>
      {asking ? (
        <div role="alertdialog" aria-modal="false" aria-describedby={`${id}-question`}>
          <p id={`${id}-question`}>{t("kiosk.confirm")}</p>
          <button type="button" className="danger" onClick={() => void shell.quit()}>
            {t("kiosk.quit")}
          </button>
          {/* Focus lands on the safe choice: Enter after a slip keeps the till running. */}
          {/* biome-ignore lint/a11y/noAutofocus: the question just opened, and Cancel is the safe answer */}
          <button type="button" autoFocus onClick={() => setAsking(false)}>
            {t("kiosk.cancel")}
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setAsking(true)}>
          {t("kiosk.exit")}
        </button>
      )}
    </section>
  );
}
