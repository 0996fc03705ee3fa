/** What the scheduler, the webhooks and the trigger admin share: built once by the composition root. */
import type { TemplateLibrary } from "@/server/db/template-library";
import type { Clock } from "@/server/engine/clock";
import type { RunEventBus } from "@/server/engine/event-bus";
import type { RunCommands } from "@/server/engine/run-commands";
import type { CreatorAccounts } from "./creator-refusal";
import type { FireNotices } from "./fire-notices";
import type { TriggerStore } from "./trigger-store";

export interface TriggerContext {
  store: TriggerStore;
  /** The accounts' users: whether a trigger's creator may still act (`ctx.deps.accounts.users`). */
  users: CreatorAccounts;
  /** Templates are read from here. */
  library: TemplateLibrary;
  /** Starts and cancels runs (on the server that leads them: `RunCommands`). */
  engine: Pick<RunCommands, "startRunGrouped" | "cancel">;
  bus: RunEventBus;
  clock: Clock;
  /** The data folder's key, read on first use (webhook secrets are sealed with it). */
  secretKey: () => Buffer;
  /** WF_API_TOKEN is set: triggers it created still act. */
  apiTokenSet: boolean;
  /** Every fire written is told here (the live channel passes it on). */
  notices: FireNotices;
  /** Fires kept per trigger (the newest). */
  historyMax: number;
  /** Tells the database's other servers a trigger was created, changed or deleted (the leader's scheduler reloads it). */
  announceChange?: (triggerId: string) => void;
}
