// The setup code's drawing library is loaded when Settings shows it; an install that lost it says so
// in words instead of showing a broken image.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import { ScannerSetup } from "../../../src/renderer/src/settings/scanner-setup.tsx";

// As the page's import of a file that is gone fails. Given to the screen, not mocked: the renderer
// tests share their modules (isolate: false), and a mocked library would reach the other files.
const missingLibrary = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));

describe("the scanner's setup code without its drawing library", () => {
  it("says it could not be drawn, and shows no image", async () => {
    render(
      <I18nProvider language="en">
        <ScannerSetup notice={null} loadDrawing={missingLibrary} />
      </I18nProvider>,
    );
    expect(await screen.findByText(/The setup code could not be drawn/u)).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
