/**
 * Who is calling: a signed-in user (session cookie), a personal API token, or the environment's
 * WF_API_TOKEN (acts as an admin). Roles: docs/security.md says what each allows.
 */
import type { Role } from "@/lib/access/roles";

export interface Caller {
  /** How the caller proved who it is. */
  via: "session" | "token" | "env-token";
  /** The user's id; null for WF_API_TOKEN. */
  userId: string | null;
  /** What audit entries and approval decisions record as the actor. */
  email: string;
  roles: readonly Role[];
  /** The session row's id (logout ends exactly this one); null for tokens. */
  sessionId: string | null;
  /** The personal token's id (revoking it ends its live streams); absent otherwise. */
  tokenId?: string;
  /** When the session ends (epoch ms): open live streams end then too; absent for tokens. */
  expiresAt?: number;
}
