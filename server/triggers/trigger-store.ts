/**
 * What triggers need from storage (docs/triggers.md), on SQLite and PostgreSQL alike (`SqlTriggerStore`,
 * ./sql-trigger-store.ts, on the SQL seam). The one rule a store must keep: a fire is claimed by a single
 * conditional write (`claimFire`, `takeQueued`, `claimDelivery`), so that several servers on one database
 * start each fire at most once. Whether a trigger's creator may still act is the accounts' to say
 * (./creator-refusal.ts over the `UserStore`), not this store's.
 */
import type { FireOutcome, TriggerKind, TriggerVariables } from "@/lib/triggers/trigger-schema";
import type { TriggerFireRow, TriggerRow } from "@/server/db/schema";

/**
 * A webhook delivery recorded this long ago whose run does not exist was left by a server that stopped:
 * a redelivery with its key is handled as new (the caller redelivers, nobody sweeps).
 */
export const RESUME_AFTER_MS = 60_000;

/**
 * The lease on a pending schedule fire: the server that claimed it renews its claim time every
 * FIRE_HEARTBEAT_MS until the fire is decided; a fire not renewed for FIRE_LEASE_MS was left by a server
 * that stopped, and the next server to sweep (every FIRE_HEARTBEAT_MS, and at start) takes it over. A live
 * server decides a fire within milliseconds, so the lease runs out only after five missed heartbeats; a
 * fire waiting for the previous run is not undecided in this sense.
 */
export const FIRE_LEASE_MS = 10_000;
export const FIRE_HEARTBEAT_MS = 2_000;

/** Who a trigger acts as: its creator (`userId` null: the server's WF_API_TOKEN). */
export interface TriggerCreator {
  userId: string | null;
  email: string;
}

export type Trigger = Omit<TriggerRow, "variables" | "createdBy"> & {
  variables: TriggerVariables;
  createdBy: TriggerCreator;
};

export type TriggerFire = TriggerFireRow;

export interface NewTrigger {
  id: string;
  templatePk: string;
  kind: TriggerKind;
  enabled: boolean;
  cron?: string;
  timezone?: string;
  misfire?: Trigger["misfire"];
  overlap?: Trigger["overlap"];
  auth?: Trigger["auth"];
  secretSealed?: string;
  variables: TriggerVariables;
  createdBy: TriggerCreator;
  nextFireAt: number | null;
  now: number;
}

export type TriggerPatch = Partial<
  Pick<
    Trigger,
    | "enabled"
    | "cron"
    | "timezone"
    | "misfire"
    | "overlap"
    | "auth"
    | "secretSealed"
    | "variables"
    | "nextFireAt"
    | "queuedFor"
  >
>;

export interface NewFire {
  triggerId: string;
  at: number;
  scheduledFor?: number | null;
  outcome: FireOutcome;
  runId?: string | null;
  reason?: string | null;
  deliveryKey?: string | null;
}

/** A fire written with its claim: decided (`missed`), or `pending` with the id its run will have. */
export type ClaimedFire = Omit<NewFire, "triggerId" | "deliveryKey"> & {
  scheduledFor: number | null;
  pending?: boolean;
};

export type FireSettlement = Pick<NewFire, "at" | "outcome" | "reason" | "runId">;

/** A trigger with its template's name and own id (`template_id`), as lists and notices show it. */
export type TriggerListed = Trigger & { templateName: string; templateId: string };

export interface TriggerStore {
  insert(t: NewTrigger): Promise<void>;
  get(id: string): Promise<TriggerListed | undefined>;
  /** Newest first; all triggers or one template's. */
  list(q: { templatePk?: string }): Promise<TriggerListed[]>;
  /** Whether the trigger exists; `now` is its new `updated_at`. */
  update(id: string, patch: TriggerPatch, now: number): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Enabled schedules (what a scheduler arms). */
  enabledSchedules(): Promise<Trigger[]>;
  /**
   * THE claim: moves `next_fire_at` from `expected` to `next` only if it still is `expected` and the
   * trigger is enabled — true for exactly one of any number of servers trying. In the same transaction
   * it writes `fires` (those to start as `pending`, with the id their run will have), so a fire is
   * never lost between the claim and its run.
   */
  claimFire(id: string, expected: number, next: number | null, fires: readonly ClaimedFire[]): Promise<boolean>;
  /** Decides a pending fire (true when it was still pending). */
  settleFire(triggerId: string, scheduledFor: number, f: FireSettlement): Promise<boolean>;
  /** The pending fire of a scheduled time (a waiting fire: the id its run is to have). */
  pendingFire(triggerId: string, scheduledFor: number): Promise<TriggerFire | undefined>;
  /** Pending fires claimed before `claimedBefore`, oldest first, not counting a trigger's waiting fire. */
  stalePendingFires(claimedBefore: number): Promise<TriggerFire[]>;
  /** Renews the lease on pending fires this server decides (their claim time becomes `now`). */
  renewPendingFires(fires: readonly { triggerId: string; scheduledFor: number }[], now: number): Promise<void>;
  /** Takes over a stale pending fire: moves its claim time from `claimedAt` to `now` (true for one caller). */
  takePendingFire(fireId: number, claimedAt: number, now: number): Promise<boolean>;
  /** Sets `queued_for` when no fire waits yet (true when it did). */
  queueFire(id: string, scheduledFor: number): Promise<boolean>;
  /** Claims the waiting fire `scheduledFor` (true for exactly one caller) and clears it. */
  takeQueued(id: string, scheduledFor: number): Promise<boolean>;
  setLastRun(id: string, runId: string): Promise<void>;
  /**
   * Records a fire (a second row for the same scheduled time is dropped); resolves once it is stored. The
   * fires recorded in one turn of the event loop are written together.
   */
  recordFire(f: NewFire): Promise<void>;
  /**
   * Records a webhook call before its run starts. Under a delivery key, only unless one is recorded
   * already: then answers that earlier fire and records nothing (a call without a key always records).
   */
  claimDelivery(f: NewFire): Promise<{ claimed: true; fireId: number } | { claimed: false; earlier: TriggerFire }>;
  findDelivery(triggerId: string, key: string): Promise<TriggerFire | undefined>;
  /** Rewrites a claimed delivery's outcome (its run could not start: the key is released). */
  settleDelivery(fireId: string | number, f: Pick<NewFire, "outcome" | "reason" | "runId">): Promise<void>;
  /** Newest first, `limit` rows with an id below `beforeId`. */
  history(triggerId: string, limit: number, beforeId?: number): Promise<TriggerFire[]>;
  /** The newest fire of each trigger. */
  lastFires(triggerIds: readonly string[]): Promise<Map<string, TriggerFire>>;
  /** Keeps the newest `keep` fires of a trigger. */
  prune(triggerId: string, keep: number): Promise<void>;
  /** A run's status, or undefined when there is no such run. */
  runStatus(runId: string): Promise<string | undefined>;
}
