// The token a picture download may carry: the session's, and only for pictures on the service's own
// origin (image-download.ts compares). Nobody signed in, or a session that cannot be renewed: none.
import type { Session } from "../session/session.ts";

export function sessionImageAuth(session: Session): () => Promise<{ origin: string; token: string } | null> {
  return async () => {
    const info = await session.info();
    if (info === null) return null;
    const origin = new URL(info.baseUrl).origin;
    return session.authorised(async (auth) => ({ origin, token: auth.token }));
  };
}
