// Search as you type: debounced, any word order, accents and small typos ignored (the catalog does
// that; the words a typo was taken for are marked in the row), arrow keys and Enter to open a product,
// results in a virtualised list so thousands of rows stay smooth.
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { Product } from "../../../shared/api/product.ts";
import { productCodes } from "../../../shared/api/product-codes.ts";
import type { SearchHit } from "../../../shared/catalog/search-hit.ts";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { type ShownPrice, shownPrice } from "../product/product-price.ts";
import { nameParts } from "./found-words.ts";
import { scrollToShow, visibleRows } from "./visible-rows.ts";

export interface SearchPanelProps {
  search: (text: string) => Promise<IpcResult<SearchHit[]>>;
  /** The price a row shows: the till's (product/till-price.ts); the first default price without it. */
  priceOf?: (product: Product) => ShownPrice | null;
  onOpen: (product: Product) => void;
  initialText?: string;
  debounceMs?: number;
}

const rowHeight = 56;
const viewportHeight = 448;

export function SearchPanel(props: SearchPanelProps) {
  const { t, money } = useI18n();
  const id = useId();
  const [text, setText] = useState(props.initialText ?? "");
  const [results, setResults] = useState<SearchHit[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const latest = useRef(0);
  /** The query whose answer is in the list; null when none is, or it failed (typing it again retries). */
  const shownQuery = useRef<string | null>(null);
  const { search, debounceMs = 150 } = props;

  useEffect(() => {
    const query = text.trim();
    const ticket = ++latest.current;
    // The text is back to what the list shows (a scan typed into the field was taken out again):
    // the results and the row picked stay.
    if (query === shownQuery.current) return;
    if (query === "") {
      shownQuery.current = "";
      setResults(null);
      return;
    }
    const timer = setTimeout(async () => {
      const answer = await search(query);
      // A slower answer to an older query never replaces a newer one.
      if (ticket !== latest.current) return;
      shownQuery.current = answer.ok ? query : null;
      setFailure(answer.ok ? null : answer.error.message);
      setResults(answer.ok ? answer.value : []);
      setActive(0);
      setScrollTop(0);
      if (listRef.current) listRef.current.scrollTop = 0;
    }, debounceMs);
    return () => clearTimeout(timer);
  }, [text, search, debounceMs]);

  function move(to: number) {
    if (!results || results.length === 0) return;
    const next = Math.max(0, Math.min(results.length - 1, to));
    setActive(next);
    const top = scrollToShow(next, scrollTop, viewportHeight, rowHeight);
    setScrollTop(top);
    if (listRef.current) listRef.current.scrollTop = top;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const page = Math.floor(viewportHeight / rowHeight);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
    };
    if (event.key in moves) {
      event.preventDefault();
      move(moves[event.key] ?? active);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const product = results?.[active];
      if (product) props.onOpen(product);
    }
  }

  const count = results?.length ?? 0;
  const shown = visibleRows({ scrollTop, viewportHeight, rowHeight, count, overscan: 4 });
  const indices = Array.from(
    { length: Math.max(0, shown.end - shown.start) },
    (_, offset) => shown.start + offset,
  );
  // The active row stays in the page even when scrolled away, for aria-activedescendant.
  if (count > 0 && (active < shown.start || active >= shown.end)) indices.push(active);
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <section className="search" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("search.heading")}</h2>
      <label htmlFor={`${id}-text`}>{t("search.label")}</label>
      <input
        id={`${id}-text`}
        type="search"
        role="combobox"
        aria-expanded={count > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={count > 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="hint">
        {t("search.hint")}
      </p>
      <p className="search-count" role="status">
        {failure
          ? t("search.failed", { message: failure })
          : results === null
            ? ""
            : count === 0
              ? t("search.none", { text: text.trim() })
              : t("search.results", { count })}
      </p>
      <div
        id={`${id}-list`}
        ref={listRef}
        role="listbox"
        aria-label={t("search.heading")}
        className="search-results"
        style={{ height: count > 0 ? viewportHeight : 0, overflowY: "auto", position: "relative" }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div style={{ height: count * rowHeight, position: "relative" }}>
          {indices.map((index) => {
            const product = results?.[index];
            if (!product) return null;
            const price = (props.priceOf ?? shownPrice)(product);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys for the list
              <div
                key={product.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={index === active ? "search-row active" : "search-row"}
                style={{ position: "absolute", top: index * rowHeight, height: rowHeight, left: 0, right: 0 }}
                onClick={() => props.onOpen(product)}
              >
                <span className="row-name">
                  {nameParts(product.name, product.found).map((part, place) =>
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, never reordered
                    part.found ? <mark key={place}>{part.text}</mark> : part.text,
                  )}
                </span>
                <span className="row-meta">
                  {[
                    product.sku,
                    productCodes(product)[0],
                    price?.gross != null ? money(price.gross, price.currency) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                  {!product.active && ` · ${t("matrix.inactive")}`}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
