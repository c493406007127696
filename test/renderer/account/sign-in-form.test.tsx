// Signing in: both ways, remembered or not, and every failure in words a shop worker understands.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SignInForm, type SignInRequest } from "../../../src/renderer/src/account/sign-in-form.tsx";
import { I18nProvider } from "../../../src/renderer/src/i18n/i18n.tsx";
import type { SessionInfo } from "../../../src/shared/catalog/session-info.ts";
import type { IpcError, IpcResult } from "../../../src/shared/ipc/ipc-result.ts";
import { session } from "../support/catalog-fixtures.ts";

function show(
  answer: IpcResult<SessionInfo>,
  fields: { rememberUnavailable?: string | null; language?: string } = {},
) {
  const onSignIn = vi.fn(async (_request: SignInRequest) => answer);
  const onSignedIn = vi.fn();
  render(
    <I18nProvider language={fields.language ?? "en"}>
      <SignInForm
        baseUrl="http://127.0.0.1:8787"
        identity={{ method: "organisation", organisation: "corner-shop", username: "till1@corner.example" }}
        rememberUnavailable={fields.rememberUnavailable ?? null}
        onSignIn={onSignIn}
        onSignedIn={onSignedIn}
      />
    </I18nProvider>,
  );
  return { onSignIn, onSignedIn };
}

const failed = (error: IpcError): IpcResult<SessionInfo> => ({ ok: false, error });

describe("sign-in form", () => {
  it("signs in by organisation, pre-filled from the last sign-in, and can remember the password", async () => {
    const { onSignIn, onSignedIn } = show({ ok: true, value: session() });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "s3cret!" } });
    fireEvent.click(screen.getByLabelText("Remember on this till"));
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(/Signed in until/)).toBeTruthy();
    expect(onSignIn).toHaveBeenCalledWith({
      method: "organisation",
      baseUrl: "http://127.0.0.1:8787",
      organisation: "corner-shop",
      username: "till1@corner.example",
      password: "s3cret!",
      remember: true,
    });
    expect(onSignedIn).toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>("Password").value).toBe("");
  });

  it("signs an unattended terminal in by account ID and API key", async () => {
    const { onSignIn } = show({ ok: true, value: session() });
    fireEvent.click(screen.getByLabelText("Account and API key (store terminal)"));
    fireEvent.change(screen.getByLabelText("Account ID"), { target: { value: "acct-1" } });
    fireEvent.change(screen.getByLabelText("API key"), { target: { value: "key-123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText(/Signed in until/);
    expect(onSignIn.mock.calls[0]?.[0]).toEqual({
      method: "api-key",
      baseUrl: "http://127.0.0.1:8787",
      accountId: "acct-1",
      apiKey: "key-123",
      remember: false,
    });
  });

  it.each([
    [{ kind: "unauthorized", message: "401" }, "Wrong organisation, username or password."],
    [
      { kind: "offline", message: "ECONNREFUSED" },
      "No connection to the service. Check the network and the service address.",
    ],
    [{ kind: "server", message: "503" }, "The service is down or failing. Try again in a few minutes."],
    [
      {
        kind: "invalid-argument",
        message: "The request was not valid: baseUrl: an http:// or https:// address.",
      },
      "Sign-in failed: The request was not valid: baseUrl: an http:// or https:// address.",
    ],
  ] as [IpcError, string][])("says %j plainly", async (error, text) => {
    show(failed(error));
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe(text);
  });

  it("says wrong API key in German", async () => {
    show(failed({ kind: "unauthorized", message: "401" }), { language: "de" });
    fireEvent.click(screen.getByLabelText("Konto und API-Schlüssel (Kassenterminal)"));
    fireEvent.change(screen.getByLabelText("Konto-ID"), { target: { value: "acct-1" } });
    fireEvent.change(screen.getByLabelText("API-Schlüssel"), { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Anmelden" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Konto-ID oder API-Schlüssel falsch.");
  });

  it("cannot offer to remember credentials where the machine cannot keep them safe", () => {
    show({ ok: true, value: session() }, { rememberUnavailable: "No keychain on this machine." });
    expect(screen.getByLabelText<HTMLInputElement>("Remember on this till").disabled).toBe(true);
    expect(screen.getByText("No keychain on this machine.")).toBeTruthy();
  });
});
