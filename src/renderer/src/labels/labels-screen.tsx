// The Labels view: the shelf labels the last syncs made wrong, grouped by product group with why
// each is due, all chosen at first; more added by scan (a scan here adds, it does not look up) or by
// name. Printed on an A4 sheet of 3 x 8 or on roll labels: the preview below is what prints, and
// the rows printed are then kept as printed. "Save as PDF" saves the core's PDF of the same labels.
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import type { SearchHit } from "../../../shared/catalog/search-hit.ts";
import {
  type LabelLayoutName,
  labelLayouts,
  type ShelfLabelList,
  type ShelfLabelRow,
} from "../../../shared/catalog/shelf-labels.ts";
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";
import { settled } from "../catalog/catalog-provider.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/messages-en.ts";
import { errorText } from "../status/error-text.ts";
import { LabelSheet } from "./label-sheet.tsx";

export interface LabelsScreenProps {
  api: Pick<CatalogApi, "shelfLabels" | "markLabelsPrinted" | "labelsPdf" | "lookup" | "search">;
  /** The view is on screen: the list is read (again). */
  active: boolean;
  /** When the catalog last changed (a sync): the list is read again. */
  catalogAsOf: string | null;
  /** The last code scanned while the view was shown (a new count for each scan). */
  scanned: { code: string; count: number } | null;
  /** How the page prints: the page's own print (a browser), the system dialog in the app. */
  print?: () => void;
}

const layoutWords: Record<LabelLayoutName, MessageKey> = {
  "a4-3x8": "labels.layoutA4",
  "roll-58x40": "labels.layoutRoll",
};

export function LabelsScreen(props: LabelsScreenProps) {
  const { t, language } = useI18n();
  const id = useId();
  const { api, active, catalogAsOf, scanned } = props;
  const [due, setDue] = useState<ShelfLabelList | null>(null);
  const [added, setAdded] = useState<ShelfLabelRow[]>([]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [layout, setLayout] = useState<LabelLayoutName>("a4-3x8");
  const [notice, setNotice] = useState<string | null>(null);
  const [query, setQuery] = useState("");
  const [hits, setHits] = useState<SearchHit[]>([]);
  // The labels just sent to the printer, until the person says whether they printed.
  const [printing, setPrinting] = useState<string[] | null>(null);

  const reload = useCallback(async () => {
    const result = await settled(api.shelfLabels());
    if (!result.ok) return setNotice(t("labels.failed", { message: errorText(result.error, t) }));
    setDue(result.value);
    setChosen(new Set(result.value.rows.map((row) => row.label.productId)));
  }, [api, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a sync (a new catalogAsOf) changes the list, so it is read again
  useEffect(() => {
    if (active) void reload();
  }, [active, catalogAsOf, reload]);

  const rows = useMemo(() => {
    const listed = new Set(due?.rows.map((row) => row.label.productId));
    return [...added.filter((row) => !listed.has(row.label.productId)), ...(due?.rows ?? [])];
  }, [due, added]);

  const add = useCallback(
    async (productId: string) => {
      const result = await settled(api.shelfLabels({ ids: [productId] }));
      const row = result.ok ? result.value.rows[0] : undefined;
      if (row === undefined) return setNotice(t("labels.notHeld"));
      setAdded((last) => [row, ...last.filter((kept) => kept.label.productId !== productId)]);
      setChosen((last) => new Set([...last, productId]));
      setNotice(t("labels.added", { name: row.label.name }));
    },
    [api, t],
  );

  useEffect(() => {
    if (scanned === null) return;
    void settled(api.lookup({ code: scanned.code })).then((result) => {
      const found = result.ok ? result.value.match?.product.id : undefined;
      if (found === undefined) setNotice(t("labels.notFound", { code: scanned.code }));
      else void add(found);
    });
  }, [scanned, api, add, t]);

  useEffect(() => {
    if (query.trim() === "") return setHits([]);
    let current = true;
    void settled(api.search({ text: query, limit: 8 })).then((result) => {
      if (current) setHits(result.ok ? result.value : []);
    });
    return () => {
      current = false;
    };
  }, [api, query]);

  const picked = rows.filter((row) => chosen.has(row.label.productId));
  const ids = picked.map((row) => row.label.productId);

  function print(): void {
    if (ids.length === 0) {
      setNotice(t("labels.chooseFirst"));
      return;
    }
    (props.print ?? (() => window.print()))();
    // Neither the system's dialog nor the page's print says whether it was cancelled: the person does.
    setPrinting(ids);
    setNotice(null);
  }

  async function markPrinted(printed: string[]): Promise<void> {
    setPrinting(null);
    const result = await settled(api.markLabelsPrinted({ ids: printed }));
    if (!result.ok) return setNotice(t("labels.failed", { message: errorText(result.error, t) }));
    setAdded((last) => last.filter((row) => !printed.includes(row.label.productId)));
    setNotice(t("labels.printed", { count: result.value.marked }));
    await reload();
  }

  async function savePdf(): Promise<void> {
    if (ids.length === 0) return setNotice(t("labels.chooseFirst"));
    const result = await settled(api.labelsPdf({ ids, layout, language }));
    if (!result.ok) return setNotice(t("labels.failed", { message: errorText(result.error, t) }));
    const bytes = Uint8Array.from(atob(result.value.pdf), (char) => char.charCodeAt(0));
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    link.download = `labels-${(due?.at ?? new Date().toISOString()).slice(0, 10)}.pdf`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    setNotice(t("labels.saved", { count: result.value.labels }));
  }

  const toggle = (productId: string) =>
    setChosen((last) => {
      const next = new Set(last);
      if (!next.delete(productId)) next.add(productId);
      return next;
    });

  return (
    <section className="labels-screen" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("labels.heading")}</h2>
      <p>{t("labels.hint")}</p>
      <div className="labels-tools">
        <label className="labels-field">
          {t("labels.layout")}
          <select value={layout} onChange={(event) => setLayout(event.target.value as LabelLayoutName)}>
            {labelLayouts.map((name) => (
              <option key={name} value={name}>
                {t(layoutWords[name])}
              </option>
            ))}
          </select>
        </label>
        <label className="labels-field">
          {t("labels.searchLabel")}
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="button" onClick={print}>
          {t("labels.print")}
        </button>
        <button type="button" onClick={() => void savePdf()}>
          {t("labels.savePdf")}
        </button>
      </div>
      {hits.length > 0 && (
        <ul className="labels-hits" aria-label={t("labels.searchLabel")}>
          {hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" onClick={() => void add(hit.id).then(() => setQuery(""))}>
                {t("labels.add", { name: hit.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {printing !== null && (
        <fieldset className="labels-printed">
          <legend>{t("labels.didPrint")}</legend>
          <button type="button" onClick={() => void markPrinted(printing)}>
            {t("labels.markPrinted", { count: printing.length })}
          </button>{" "}
          <button type="button" onClick={() => setPrinting(null)}>
            {t("labels.notPrinted")}
          </button>
        </fieldset>
      )}
      <p role="status">{notice}</p>
      {due === null ? (
        <p>{t("labels.loading")}</p>
      ) : rows.length === 0 ? (
        <p>{t("labels.none")}</p>
      ) : (
        <LabelRows rows={rows} chosen={chosen} onToggle={toggle} onChoose={setChosen} />
      )}
      {picked.length > 0 && (
        <>
          <h3>{t("labels.preview", { count: picked.length })}</h3>
          <div className="labels-preview">
            <LabelSheet
              labels={picked.map((row) => row.label)}
              layout={layout}
              language={language}
              printedOn={(due?.at ?? new Date().toISOString()).slice(0, 10)}
              branch={due?.branch === null || due === null ? null : (due.branch.name ?? due.branch.id)}
            />
          </div>
        </>
      )}
    </section>
  );
}

function LabelRows(props: {
  rows: readonly ShelfLabelRow[];
  chosen: ReadonlySet<string>;
  onToggle: (productId: string) => void;
  onChoose: (chosen: ReadonlySet<string>) => void;
}) {
  const { t } = useI18n();
  const groups = new Map<string, ShelfLabelRow[]>();
  for (const row of props.rows) {
    const name = row.group.name ?? row.group.id ?? t("labels.noGroup");
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return (
    <>
      <p className="labels-choose">
        {t("labels.chosen", { count: props.chosen.size, total: props.rows.length })}{" "}
        <button
          type="button"
          onClick={() => props.onChoose(new Set(props.rows.map((row) => row.label.productId)))}
        >
          {t("labels.chooseAll")}
        </button>{" "}
        <button type="button" onClick={() => props.onChoose(new Set())}>
          {t("labels.chooseNone")}
        </button>
      </p>
      {[...groups].map(([group, rows]) => (
        <table key={group} className="labels-table">
          <caption>{group}</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label.productId}>
                <td>
                  <label>
                    <input
                      type="checkbox"
                      checked={props.chosen.has(row.label.productId)}
                      onChange={() => props.onToggle(row.label.productId)}
                    />
                    {row.label.name}
                  </label>
                </td>
                <td>{row.label.code?.value ?? ""}</td>
                <td>{reasonsText(row, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}

function reasonsText(row: ShelfLabelRow, t: ReturnType<typeof useI18n>["t"]): string {
  if (row.reasons.length === 0) return t("labels.reason.asked");
  return row.reasons
    .map((reason) => {
      const what = t(`labels.reason.${reason.kind}` as MessageKey);
      return reason.kind === "new" ? what : `${what}: ${reason.from ?? "–"} → ${reason.to ?? "–"}`;
    })
    .join("; ");
}
