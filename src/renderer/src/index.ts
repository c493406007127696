// The screens' pieces for a host app: give CatalogProvider the window.catalog API (or an object with
// the same shape), then compose these as CatalogApp does.
export { AccountPanel } from "./account/account-panel.tsx";
export { SignInForm } from "./account/sign-in-form.tsx";
export { CatalogProvider, useCatalog } from "./catalog/catalog-provider.tsx";
export { CatalogApp } from "./catalog-app.tsx";
export { I18nProvider, languages, useI18n } from "./i18n/i18n.tsx";
export { KeysScreen } from "./keys/keys-screen.tsx";
export { ProductPicture } from "./product/product-picture.tsx";
export { ProductView } from "./product/product-view.tsx";
export { VariantMatrix } from "./product/variant-matrix.tsx";
export { ResultCard } from "./scan/result-card.tsx";
export { ScanDetails } from "./scan/scan-details.tsx";
export { ScanHistory } from "./scan/scan-history.tsx";
export { type ScanPipeline, ScanPipelineProvider, useScanPipeline } from "./scan/scan-pipeline.tsx";
export { ScanScreen } from "./scan/scan-screen.tsx";
export { useLookup } from "./scan/use-lookup.ts";
export { useScanHistory } from "./scan/use-scan-history.ts";
export { defaultScannerSettings, scannerSettingsOf } from "./scanner/scanner-settings.ts";
export { useScanner } from "./scanner/use-scanner.ts";
export { useSerialScanner } from "./scanner/use-serial-scanner.ts";
export { SearchPanel } from "./search/search-panel.tsx";
export { SettingsForm } from "./settings/settings-form.tsx";
export { StatusBar } from "./status/status-bar.tsx";
