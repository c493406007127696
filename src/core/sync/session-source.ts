// The sync engine's view of the service, through the session: every call signed in, a 401 in the
// middle of a sync answered by one new sign-in.
import type { Session } from "../session/session.ts";
import type { ProductsSource } from "./sync-engine.ts";

export function sessionProductsSource(session: Pick<Session, "authorised">): ProductsSource {
  return {
    fetchPage: (query, signal, onSent) =>
      session.authorised((auth, client) => client.fetchProductsPage(auth, query, signal, onSent)),
    total: (filters, signal) =>
      session.authorised((auth, client) => client.productsTotal(auth, filters, signal)),
    branches: (signal) => session.authorised((auth, client) => client.branches(auth, signal)),
    referenceList: (kind, signal) =>
      session.authorised((auth, client) => client.referenceList(auth, kind, signal)),
  };
}
