import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { CatalogProvider } from "./catalog/catalog-provider.tsx";
import { CatalogApp } from "./catalog-app.tsx";
import "./catalog-app.css";

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <CatalogProvider api={window.catalog}>
        <CatalogApp
          shell={window.tillApp}
          systemLanguages={window.tillLocale ? [window.tillLocale] : navigator.languages}
        />
      </CatalogProvider>
    </StrictMode>,
  );
