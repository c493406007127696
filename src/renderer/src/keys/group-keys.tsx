// A product group's products as keys, alphabetical, 25 a page, with the page's number and buttons to
// turn pages (and, for a group opened from a key, to go back to the tab). The grid is what the
// arrows move in; a new page starts at its first key.
import { useCallback } from "react";
import { type CounterKey, keysPerPage } from "../../../shared/catalog/counter-keys.ts";
import type { IpcResult } from "../../../shared/ipc/ipc-result.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { errorText } from "../status/error-text.ts";
import { type GridKey, KeyGrid } from "./key-grid.tsx";
import { type KeyPage, useGroupPages } from "./use-group-pages.ts";

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / keysPerPage));

export function GroupKeys(props: {
  groupId: string;
  /** The group's name, the bar's heading. */
  title: string;
  /** Reads a group's page after a cursor (null: the first). */
  readPage: (groupId: string, after: string | null) => Promise<IpcResult<KeyPage>>;
  /** The first page when the tab already brought it. */
  first?: KeyPage | null;
  toKey: (key: CounterKey) => GridKey;
  onBack?: () => void;
}) {
  const { t } = useI18n();
  const { groupId, readPage } = props;
  const read = useCallback((after: string | null) => readPage(groupId, after), [groupId, readPage]);
  const pages = useGroupPages(read, props.first ?? null);
  const { page, number } = pages;
  return (
    <>
      <div className="group-bar">
        <h3 className="group-title">
          {props.title}
          {page && ` · ${t("keys.page", { page: number, pages: pagesOf(page.total) })}`}
        </h3>
        <button type="button" disabled={pages.previous === null} onClick={() => pages.previous?.()}>
          {t("keys.previous")}
        </button>
        <button type="button" disabled={pages.next === null} onClick={() => pages.next?.()}>
          {t("keys.next")}
        </button>
        {props.onBack && (
          <button type="button" onClick={props.onBack}>
            {t("keys.back")}
          </button>
        )}
      </div>
      {pages.failure && <p role="alert">{t("keys.failed", { message: errorText(pages.failure, t) })}</p>}
      {page && (
        <KeyGrid
          key={`${number}:${page.keys[0]?.id}`}
          label={t("keys.tabKeys", { name: props.title })}
          keys={page.keys.map(props.toKey)}
        />
      )}
    </>
  );
}
