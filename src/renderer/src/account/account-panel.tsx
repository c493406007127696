// Who is signed in on this till, until when, and the way out. Signing out keeps the local catalog.
import type { SessionInfo } from "../../../shared/catalog/session-info.ts";
import { useI18n } from "../i18n/i18n.tsx";
import { sessionUser } from "../status/status-bar.tsx";

export function AccountPanel(props: { session: SessionInfo; onSignOut: () => void }) {
  const { t, dateTime } = useI18n();
  const { session } = props;
  return (
    <section className="account" aria-labelledby="account-heading">
      <h2 id="account-heading">{t("account.heading")}</h2>
      <p>{t("account.who", { user: sessionUser(session), account: session.baseUrl })}</p>
      <p>{t("account.until", { time: dateTime(session.expiresAt) })}</p>
      {session.remembered && <p>{t("account.remembered")}</p>}
      {session.warnings.map((warning) => (
        <p key={warning.id} className="warning" role="note">
          {warning.label}
        </p>
      ))}
      <button type="button" onClick={props.onSignOut}>
        {t("account.signOut")}
      </button>
    </section>
  );
}
