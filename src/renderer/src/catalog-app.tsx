// The standalone app, composed from the exported pieces: scan (home), search, keys, shelf labels,
// product, account and settings screens, a status bar, and a scanner that works whatever has the
// focus. F2, F3 and F4 go to Scan, Search and Keys from anywhere.
import { useCallback, useMemo, useRef, useState } from "react";
import type { AppStatus } from "../../shared/catalog/app-status.ts";
import type { ProductAnswer } from "../../shared/catalog/lookup-answer.ts";
import type { SessionInfo, SessionState } from "../../shared/catalog/session-info.ts";
import type { IpcResult } from "../../shared/ipc/ipc-result.ts";
import type { TillShell } from "../../shared/ipc/till-shell.ts";
import { type Calibration, calibrationOf } from "../../shared/keyboard/scanner-calibration.ts";
import { defaultSettings, type SignInIdentity } from "../../shared/settings/app-settings.ts";
import { AccountPanel } from "./account/account-panel.tsx";
import { SignInForm, type SignInRequest } from "./account/sign-in-form.tsx";
import { settled, useCatalog } from "./catalog/catalog-provider.tsx";
import { chosenLocale, I18nProvider, useI18n } from "./i18n/i18n.tsx";
import { KeysScreen } from "./keys/keys-screen.tsx";
import { LabelsScreen } from "./labels/labels-screen.tsx";
import { ScreenNav } from "./nav/screen-nav.tsx";
import { ProductView } from "./product/product-view.tsx";
import { tillPrice } from "./product/till-price.ts";
import type { CatalogFreshness } from "./scan/result-card.tsx";
import { type ScanPipeline, ScanPipelineProvider } from "./scan/scan-pipeline.tsx";
import { ScanScreen } from "./scan/scan-screen.tsx";
import { createScanSound } from "./scan/scan-sound.ts";
import { useLookup } from "./scan/use-lookup.ts";
import { useScanHistory } from "./scan/use-scan-history.ts";
import type { Scan } from "./scanner/scan-capture.ts";
import { scannerSettingsOf } from "./scanner/scanner-settings.ts";
import { useScanner } from "./scanner/use-scanner.ts";
import { useSerialScanner } from "./scanner/use-serial-scanner.ts";
import { SearchPanel } from "./search/search-panel.tsx";
import { KioskExit } from "./settings/kiosk-exit.tsx";
import type { SetupNotice } from "./settings/scanner-setup.tsx";
import { SettingsForm } from "./settings/settings-form.tsx";
import { StatusBar } from "./status/status-bar.tsx";

type Screen = "scan" | "search" | "keys" | "labels" | "product" | "account" | "settings";

/** One keystroke to each screen a cashier sells from. */
const screenKeys = { F2: "scan", F3: "search", F4: "keys" } as const satisfies Record<string, Screen>;

/**
 * The catalog's own word on the session when it has given one; else what the session record says
 * (an ended token counts as expired only when nothing can renew it). Never the last error: that is
 * what failed before, and a sign-in since may have put it right (a refused token is already
 * "session-expired" in the status).
 */
function sessionStateOf(status: AppStatus | null, session: SessionInfo | null): SessionState {
  if (status) return status.session;
  if (session === null || session.signedOut) return "signed-out";
  const ended = Date.parse(session.expiresAt) <= Date.now();
  return ended && !session.remembered ? "session-expired" : "signed-in";
}

/** An ended session still says who signed in last, so the form comes pre-filled. */
function identityOf(session: SessionInfo | null): SignInIdentity | null {
  if (session === null) return null;
  return session.method === "organisation"
    ? { method: "organisation", organisation: session.organisation, username: session.username }
    : { method: "api-key", accountId: session.accountId };
}

export interface CatalogAppProps {
  /** The standalone app's shell (`window.tillApp`), in kiosk mode only: Settings then offers Quit. */
  shell?: TillShell;
  /**
   * The system's languages, most wanted first, which the screens follow where the settings name
   * none: the app's `app.getLocale()`; the browser's `navigator.languages` by default.
   */
  systemLanguages?: readonly string[];
}

export function CatalogApp({ shell, systemLanguages = navigator.languages }: CatalogAppProps) {
  const { settings } = useCatalog();
  return (
    <I18nProvider language={chosenLocale(settings?.language ?? "", systemLanguages)}>
      <Screens shell={shell} systemLanguage={chosenLocale("", systemLanguages)} />
    </I18nProvider>
  );
}

function Screens({ shell, systemLanguage }: { shell?: TillShell; systemLanguage: string }) {
  const catalog = useCatalog();
  const { api, status, session, settings } = catalog;
  const { t, language } = useI18n();
  const [screen, setScreen] = useState<Screen>("scan");
  // A scan while the Labels view is shown adds the product's label there instead of looking it up.
  const shownScreen = useRef(screen);
  shownScreen.current = screen;
  const [labelScan, setLabelScan] = useState<{ code: string; count: number } | null>(null);
  // Where the search starts: a miss's "Search the catalog" starts it afresh (a new count) with its code.
  const [searchStart, setSearchStart] = useState({ text: "", count: 0 });
  const [opened, setOpened] = useState<ProductAnswer | null>(null);
  // Where the product screen's Back goes: the screen the product was opened from.
  const [openedFrom, setOpenedFrom] = useState<Screen>("search");
  const [openFailed, setOpenFailed] = useState<string | null>(null);
  const sound = useMemo(() => (settings?.sound === false ? null : createScanSound()), [settings?.sound]);
  const history = useScanHistory();
  const scan = useLookup(api, sound, history.record);
  const [setup, setSetup] = useState<{ notice: SetupNotice | null; count: number }>({
    notice: null,
    count: 0,
  });
  const scannerNow = settings?.scanner ?? defaultSettings.scanner;
  const { changeSettings } = catalog;

  /** A scan of the setup code, from any screen: its findings become the scanner's settings. */
  const calibrate = useCallback(
    async (calibration: Calibration) => {
      setScreen("settings");
      const { layout, prefix, suffix } = calibration;
      const result = await changeSettings({ scanner: { ...scannerNow, layout, prefix, suffix } });
      const failure = result.ok ? null : result.error.message;
      // A new key shows the settings form afresh, with what calibration set.
      setSetup((last) => ({ notice: { calibration, failure }, count: last.count + 1 }));
    },
    [changeSettings, scannerNow],
  );

  // Every source's way in: the keyboard wedge below, the camera, a serial scanner.
  const handScan = useCallback<ScanPipeline>(
    (code, source, symbology = null) => {
      if (shownScreen.current === "labels") {
        setLabelScan((last) => ({ code, count: (last?.count ?? 0) + 1 }));
        return Promise.resolve();
      }
      setScreen("scan");
      return scan.lookup(code, "scan", { source, symbology });
    },
    [scan.lookup],
  );
  const onScan = useCallback(
    (code: string, { strokes }: Scan) => {
      const calibration = calibrationOf(strokes);
      if (calibration !== null) return calibrate(calibration);
      return handScan(code, "keyboard");
    },
    [handScan, calibrate],
  );
  // Until the settings arrive, the defaults catch scans: the first scan after start-up is not lost.
  const scannerSettings = scannerSettingsOf(settings?.scanner);
  useScanner({ settings: scannerSettings, onScan });
  const serial = useSerialScanner(api, handScan);

  const search = useCallback((text: string) => settled(api.search({ text, limit: 200 })), [api]);
  const tillPrices = settings?.prices ?? defaultSettings.prices;
  const clockOffsetMs = status?.clockOffsetMs ?? null;
  const rowPrice = useMemo(() => tillPrice(tillPrices, clockOffsetMs), [tillPrices, clockOffsetMs]);
  const loadBranches = useCallback(() => settled(api.branches()), [api]);
  const loadKeySets = useCallback(async (): Promise<IpcResult<string[]>> => {
    const result = await settled(api.keys());
    return result.ok ? { ok: true, value: result.value.sets.flatMap((set) => set.name ?? []) } : result;
  }, [api]);
  const saveDiagnostics = useCallback(() => settled(api.saveDiagnostics()), [api]);
  const loadSerialPorts = useCallback(() => settled(api.serialPorts()), [api]);

  const open = useCallback(
    async (id: string, from: Screen) => {
      const result = await settled(api.product({ id }));
      setOpenFailed(result.ok ? (result.value ? null : t("product.notHeld")) : result.error.message);
      setOpened(result.ok ? result.value : null);
      setOpenedFrom(from);
      setScreen("product");
    },
    [api, t],
  );

  const signIn = useCallback(
    async (request: SignInRequest) => {
      const { method, ...argument } = request;
      const result =
        method === "organisation"
          ? await settled(api.signInOrganisation(argument as SignInRequest & { method: "organisation" }))
          : await settled(api.signInApiKey(argument as SignInRequest & { method: "api-key" }));
      await catalog.refresh();
      // A first sign-in on this till fills the catalog straight away.
      if (result.ok) void settled(api.startSync({ mode: "incremental" })).then(catalog.refresh);
      return result;
    },
    [api, catalog.refresh],
  );

  const freshness: CatalogFreshness | null = status
    ? {
        asOf: status.freshness.catalogAsOf,
        stale: status.freshness.stale,
        unfinished: status.syncUnfinished || status.sync.running,
        countGap:
          status.mismatch && status.serverTotal !== null
            ? { products: status.products, serverTotal: status.serverTotal }
            : null,
      }
    : null;
  const state = sessionStateOf(status, session);
  const sessionEnded = state === "session-expired";
  // Whoever signed out leaves a record behind (the catalog stays theirs), but nobody is signed in.
  const signedIn = state === "signed-in" ? session : null;
  const nav: [Screen, string][] = [
    ["scan", t("nav.scan")],
    ["search", t("nav.search")],
    ["keys", t("nav.keys")],
    ["labels", t("nav.labels")],
    ["account", signedIn ? t("nav.accountSignedIn") : t("nav.account")],
    ["settings", t("nav.settings")],
  ];

  return (
    <ScanPipelineProvider pipeline={handScan}>
      <div className="catalog-app" lang={language}>
        <header>
          <h1>{t("app.title")}</h1>
          <ScreenNav screens={nav} shown={screen} keys={screenKeys} onShow={setScreen} />
        </header>
        {(sessionEnded || (state === "signed-out" && (status?.products ?? 0) > 0)) &&
          screen !== "account" && (
            <div className="banner" role="note">
              {sessionEnded ? t("banner.sessionEnded") : t("banner.signedOut")}{" "}
              <button type="button" onClick={() => setScreen("account")}>
                {t("banner.signIn")}
              </button>
            </div>
          )}
        <main>
          {screen === "scan" && (
            <ScanScreen
              {...scan}
              freshness={freshness}
              pictureAddress={catalog.api.imageAddress}
              onLookup={(code) => void handScan(code, "keyboard")}
              onSearch={(text) => {
                setSearchStart((last) => ({ text, count: last.count + 1 }));
                setScreen("search");
              }}
              history={{
                entries: history.entries,
                onReopen: (code, origin) => void scan.lookup(code, "reopen", origin),
              }}
              camera={{
                settings: settings?.camera ?? defaultSettings.camera,
                // Read by the AIM identifier ZXing reported, as a serial scanner's code is.
                onCode: (code) => void handScan(code.text, "camera", code.symbologyId),
              }}
            />
          )}
          {/* Kept in the page behind the other screens, so a scan or a look at a product never loses
            what the cashier typed, the results or the row picked. */}
          <div hidden={screen !== "search"}>
            <SearchPanel
              key={searchStart.count}
              initialText={searchStart.text}
              search={search}
              priceOf={rowPrice}
              onOpen={(product) => void open(product.id, "search")}
            />
          </div>
          {/* Kept too: the tab, the group's page and the key picked stay for the next sale. */}
          <div className="keys-holder" hidden={screen !== "keys"}>
            <KeysScreen
              api={api}
              pictureAddress={api.imageAddress}
              active={screen === "keys"}
              catalogAsOf={status?.freshness.catalogAsOf ?? null}
              maxGapMs={scannerSettings.maxGapMs}
              onOpenProduct={(id) => void open(id, "keys")}
            />
          </div>
          <div hidden={screen !== "labels"}>
            <LabelsScreen
              api={api}
              active={screen === "labels"}
              catalogAsOf={status?.freshness.catalogAsOf ?? null}
              scanned={labelScan}
            />
          </div>
          {screen === "product" &&
            (opened ? (
              <ProductView
                match={opened}
                pictureAddress={catalog.api.imageAddress}
                onBack={() => setScreen(openedFrom)}
                onOpen={(product) => void open(product.id, openedFrom)}
              />
            ) : (
              <p role="alert">{openFailed}</p>
            ))}
          {screen === "account" &&
            (signedIn ? (
              <AccountPanel
                session={signedIn}
                onSignOut={() => {
                  // What this cashier scanned is nobody else's business.
                  history.clear();
                  void settled(api.signOut()).then(catalog.refresh);
                }}
              />
            ) : (
              <SignInForm
                baseUrl={settings?.baseUrl ?? session?.baseUrl ?? null}
                identity={settings?.signIn ?? identityOf(session)}
                rememberUnavailable={status?.rememberUnavailable ?? null}
                onSignIn={signIn}
                onSignedIn={() => setScreen("scan")}
              />
            ))}
          {screen === "settings" && settings && (
            <SettingsForm
              key={setup.count}
              settings={settings}
              systemLanguage={systemLanguage}
              onSave={catalog.changeSettings}
              loadBranches={loadBranches}
              loadKeySets={loadKeySets}
              loadSerialPorts={loadSerialPorts}
              saveDiagnostics={saveDiagnostics}
              setupNotice={setup.notice}
            />
          )}
          {screen === "settings" && shell && <KioskExit shell={shell} />}
        </main>
        <StatusBar
          status={status}
          progress={catalog.progress}
          session={signedIn}
          fault={catalog.fault}
          onSync={() => void settled(api.startSync({ mode: "incremental" })).then(catalog.refresh)}
          onCancel={() => void settled(api.cancelSync())}
          serial={serial}
        />
      </div>
    </ScanPipelineProvider>
  );
}
