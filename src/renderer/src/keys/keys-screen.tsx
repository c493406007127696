// The Keys view: the till's favourite set as a shop arranged it (or, with none, its product groups as
// tabs), one tab's keys at a time in a grid a finger or the arrows move in. A product key opens the
// product as a scan does (the app's product screen); a group key opens the group's products as keys,
// paged. Digits 1-9 pick a tab while the view is shown, never when they begin a scanner's burst.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { CounterKey, CounterKeys } from "../../../shared/catalog/counter-keys.ts";
import type { CatalogApi } from "../../../shared/ipc/catalog-api.ts";
import type { IpcError } from "../../../shared/ipc/ipc-result.ts";
import { settled } from "../catalog/catalog-provider.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { useLoneKey } from "../scanner/use-lone-key.ts";
import { errorText } from "../status/error-text.ts";
import { gridKeyOf } from "./grid-key-of.ts";
import { GroupKeys } from "./group-keys.tsx";
import { KeyGrid } from "./key-grid.tsx";
import { KeyTabs } from "./key-tabs.tsx";
import { SetPicker } from "./set-picker.tsx";

export interface KeysScreenProps {
  api: Pick<CatalogApi, "keys" | "groupKeys">;
  /** Where the page loads a cached picture from, by its hash; without it no picture is shown. */
  pictureAddress?: (hash: string) => string;
  /** The view is on screen: the keys are read (again) and the digits pick tabs. */
  active: boolean;
  /** When the catalog last changed (a sync): the keys are read again. */
  catalogAsOf: string | null;
  /** The scanner's longest pause between keys: a digit is a tab's only when it stands alone. */
  maxGapMs: number;
  onOpenProduct: (id: string) => void;
}

const isTabDigit = (key: string) => /^[1-9]$/.test(key);

export function KeysScreen(props: KeysScreenProps) {
  const { t } = useI18n();
  const id = useId();
  const { api, active, catalogAsOf } = props;
  const [tab, setTab] = useState(0);
  const [board, setBoard] = useState<CounterKeys | null>(null);
  const [failure, setFailure] = useState<IpcError | null>(null);
  const [group, setGroup] = useState<{ id: string; name: string } | null>(null);
  // A set the cashier picked by name for now; null: the till's own choice.
  const [asked, setAsked] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  // The keyboard's place: on showing the view or picking a tab by its digit, the current key.
  const focusKey = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a sync (a new catalogAsOf) changes the keys, so they are read again
  useEffect(() => {
    if (!active) return;
    let current = true;
    void settled(api.keys(asked === null ? { tab } : { tab, set: asked })).then((result) => {
      if (!current) return;
      setFailure(result.ok ? null : result.error);
      if (result.ok) setBoard(result.value);
    });
    return () => {
      current = false;
    };
  }, [api, tab, asked, active, catalogAsOf]);

  useEffect(() => {
    if (active) focusKey.current = true;
  }, [active]);
  useEffect(() => {
    // Once the tab asked for is on screen: the keys of the one before may still be showing.
    if (!focusKey.current || board?.tab !== tab) return;
    const key = panel.current?.querySelector<HTMLButtonElement>('.key-tile[tabindex="0"]');
    if (!key) return;
    focusKey.current = false;
    key.focus();
  });

  const pick = useCallback((index: number) => {
    setGroup(null);
    setTab(index);
  }, []);
  const tabCount = board?.tabs.length ?? 0;
  useLoneKey({
    accepts: isTabDigit,
    maxGapMs: props.maxGapMs,
    enabled: active && tabCount > 0,
    onKey: (digit) => {
      const index = Number(digit) - 1;
      if (index >= tabCount) return;
      focusKey.current = true;
      pick(index);
    },
  });

  const readPage = useCallback(
    (groupId: string, after: string | null) => settled(api.groupKeys({ group: groupId, after })),
    [api],
  );
  const toKey = (key: CounterKey) =>
    gridKeyOf(key, {
      t,
      pictureAddress: props.pictureAddress,
      onProduct: props.onOpenProduct,
      onGroup: setGroup,
    });

  const shownTab = board?.tab === null || board === null ? null : board.tabs[board.tab];
  // A groups tab brings its group's first page: kept as one object, so the pages do not read it again.
  const firstPage = useMemo(
    () => (board && shownTab?.group ? { keys: board.keys, next: board.next, total: shownTab.keys } : null),
    [board, shownTab],
  );
  const tabName = shownTab?.name ?? t("keys.unnamed");
  return (
    <section className="keys-screen" aria-labelledby={`${id}-heading`}>
      <div className="keys-head">
        <h2 id={`${id}-heading`}>{t("keys.heading")}</h2>
        {board && board.sets.length > 1 && (
          <SetPicker
            names={board.sets.flatMap((set) => (set.name === null ? [] : [set.name]))}
            asked={asked}
            onPick={(name) => {
              setAsked(name);
              pick(0);
            }}
          />
        )}
      </div>
      <p className="hint">
        {board?.source === "groups"
          ? `${t("keys.groupsAsTabs")} `
          : board?.set?.name
            ? `${t("keys.set", { name: board.set.name })}. `
            : ""}
        {t("keys.hint")}
      </p>
      {board?.notice && (
        <p className="warning" role="note">
          {board.notice}
        </p>
      )}
      {board && tabCount > 0 && (
        <KeyTabs
          tabs={board.tabs.map((each, index) => ({ id: `${index}`, name: each.name ?? t("keys.unnamed") }))}
          selected={board.tab ?? 0}
          panelId={`${id}-panel`}
          onSelect={pick}
        />
      )}
      <div className="key-panel" id={`${id}-panel`} role="tabpanel" aria-label={tabName} ref={panel}>
        {failure ? (
          <p role="alert">
            {failure.kind === "sign-in-required"
              ? t("keys.signInFirst")
              : t("keys.failed", { message: errorText(failure, t) })}
          </p>
        ) : board === null ? (
          <p>{t("keys.loading")}</p>
        ) : tabCount === 0 ? (
          <p>{t("keys.none")}</p>
        ) : group ? (
          <GroupKeys
            key={group.id}
            groupId={group.id}
            title={group.name}
            readPage={readPage}
            toKey={toKey}
            onBack={() => setGroup(null)}
          />
        ) : shownTab?.group ? (
          <GroupKeys
            key={`${board.tab}:${shownTab.group}`}
            groupId={shownTab.group}
            title={tabName}
            readPage={readPage}
            first={firstPage}
            toKey={toKey}
          />
        ) : board.keys.length === 0 ? (
          <p>{t("keys.emptyTab")}</p>
        ) : (
          <KeyGrid
            key={board.tab}
            label={t("keys.tabKeys", { name: tabName })}
            keys={board.keys.map(toKey)}
          />
        )}
      </div>
    </section>
  );
}
