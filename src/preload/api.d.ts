// The renderer's whole view of the main process.
export interface CatalogApi {
  readonly appVersion: string;
}

declare global {
  interface Window {
    readonly catalog: CatalogApi;
  }
}
