// The setup code's drawing library is loaded when Settings shows it; an install that lost it says so
// in words instead of showing a broken image.
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { ScannerSetup } from "../../../src/renderer/src/settings/scanner-setup.tsx";

vi.mock("bwip-js/browser", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

describe("the scanner's setup code without its drawing library", () => {
  it("says it could not be drawn, and shows no image", async () => {
    render(
      <I18nProvider language="en">
        <ScannerSetup notice={null} />
      </I18nProvider>,
    );
    expect(await screen.findByText(/The setup code could not be drawn/u)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
