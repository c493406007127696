// The whole app rendered over a stand-in window.catalog, as the screen tests of the app start.
import { render } from "@testing-library/react";
import { CatalogProvider } from "../../../src/renderer/src/catalog/catalog-provider.tsx";
import { CatalogApp } from "../../../src/renderer/src/catalog-app.tsx";
import { type FakeCatalog, fakeCatalog } from "./fake-catalog.ts";

export function showApp(catalog: FakeCatalog = fakeCatalog()): FakeCatalog {
  render(
    <CatalogProvider api={catalog.api}>
      <CatalogApp />
    </CatalogProvider>,
  );
  return catalog;
}
