// Signing a till in: organisation + username + password for staff, or account ID + API key for an
// unattended store terminal, optionally remembered on this till. Failures are said in plain words:
// wrong credentials, no connection, service down.
import { type FormEvent, useId, useState } from "react";
import type { SessionInfo } from "../../../shared/catalog/session-info.ts";
import type { MethodArgument } from "../../../shared/ipc/catalog-contract.ts";
import type { IpcError, IpcResult } from "../../../shared/ipc/ipc-result.ts";
import type { SignInIdentity } from "../../../shared/settings/app-settings.ts";
import { TextField } from "../forms/text-field.tsx";
import { type Translate, useI18n } from "../i18n/i18n.tsx";
import { errorText, isPlainError } from "../status/error-text.ts";

export type SignInRequest =
  | ({ method: "organisation" } & MethodArgument<"signInOrganisation">)
  | ({ method: "api-key" } & MethodArgument<"signInApiKey">);

export interface SignInFormProps {
  baseUrl: string | null;
  identity: SignInIdentity | null;
  /** Why credentials cannot be remembered here; null when they can. */
  rememberUnavailable: string | null;
  onSignIn: (request: SignInRequest) => Promise<IpcResult<SessionInfo>>;
  onSignedIn?: (session: SessionInfo) => void;
}

export function SignInForm(props: SignInFormProps) {
  const { t, dateTime } = useI18n();
  const id = useId();
  const [method, setMethod] = useState<SignInRequest["method"]>(props.identity?.method ?? "organisation");
  const [baseUrl, setBaseUrl] = useState(props.baseUrl ?? "");
  const [organisation, setOrganisation] = useState(
    props.identity?.method === "organisation" ? props.identity.organisation : "",
  );
  const [username, setUsername] = useState(
    props.identity?.method === "organisation" ? props.identity.username : "",
  );
  const [password, setPassword] = useState("");
  const [accountId, setAccountId] = useState(
    props.identity?.method === "api-key" ? props.identity.accountId : "",
  );
  const [apiKey, setApiKey] = useState("");
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const request: SignInRequest =
      method === "organisation"
        ? { method, baseUrl: baseUrl.trim(), organisation, username, password, remember }
        : { method, baseUrl: baseUrl.trim(), accountId, apiKey, remember };
    const result = await props.onSignIn(request);
    setBusy(false);
    if (result.ok) {
      setPassword("");
      setApiKey("");
      setMessage({ text: t("signIn.done", { time: dateTime(result.value.expiresAt) }), error: false });
      props.onSignedIn?.(result.value);
    } else {
      setMessage({ text: signInErrorText(result.error, method, t), error: true });
    }
  }

  const field = (
    name: string,
    label: string,
    value: string,
    set: (value: string) => void,
    type?: "password" | "url",
  ) => <TextField formId={id} name={name} label={label} value={value} onValue={set} type={type} required />;

  return (
    <form className="sign-in" onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t("signIn.heading")}</h2>
      <fieldset>
        <legend>{t("signIn.method")}</legend>
        <label>
          <input
            type="radio"
            name="method"
            checked={method === "organisation"}
            onChange={() => setMethod("organisation")}
          />
          {t("signIn.organisationMethod")}
        </label>
        <label>
          <input
            type="radio"
            name="method"
            checked={method === "api-key"}
            onChange={() => setMethod("api-key")}
          />
          {t("signIn.apiKeyMethod")}
        </label>
      </fieldset>
      {field("baseUrl", t("signIn.baseUrl"), baseUrl, setBaseUrl, "url")}
      {method === "organisation" ? (
        <>
          {field("organisation", t("signIn.organisation"), organisation, setOrganisation)}
          {field("username", t("signIn.username"), username, setUsername)}
          {field("password", t("signIn.password"), password, setPassword, "password")}
        </>
      ) : (
        <>
          {field("accountId", t("signIn.accountId"), accountId, setAccountId)}
          {field("apiKey", t("signIn.apiKey"), apiKey, setApiKey, "password")}
        </>
      )}
      <div className="field checkbox">
        <input
          id={`${id}-remember`}
          type="checkbox"
          checked={remember}
          disabled={props.rememberUnavailable !== null}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <label htmlFor={`${id}-remember`}>{t("signIn.remember")}</label>
        {props.rememberUnavailable && <p className="hint">{props.rememberUnavailable}</p>}
      </div>
      <button type="submit" disabled={busy}>
        {busy ? t("signIn.busy") : t("signIn.submit")}
      </button>
      <p
        className={message?.error ? "form-message error" : "form-message"}
        role={message?.error ? "alert" : "status"}
      >
        {message?.text}
      </p>
    </form>
  );
}

export function signInErrorText(error: IpcError, method: SignInRequest["method"], t: Translate): string {
  if (error.kind === "unauthorized" || error.kind === "sign-in-required") {
    return method === "organisation" ? t("signIn.wrongPassword") : t("signIn.wrongKey");
  }
  if (error.kind === "forbidden") return t("signIn.forbidden");
  return isPlainError(error) ? errorText(error, t) : t("signIn.failed", { message: error.message });
}
