/** Test helper: waits until a run has exactly one pending approval (reached through the engine) and returns it. */
import type { callerAs } from "./test-callers";
import { until } from "./until";

export async function onlyPendingApproval(caller: ReturnType<typeof callerAs>, runId: string) {
  const list = await until(
    () => caller.approval.list({ runId, status: "pending" }),
    (l) => l.items.length === 1,
  );
  return list.items[0]!;
}
