/**
 * Helpers for the run page specs: tRPC over plain HTTP with the signed-in `request` fixture, small
 * templates saved for one spec, a run's stored state.
 */
import { expect, type APIRequestContext } from "@playwright/test";

export async function query<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await request.get(`/api/trpc/${path}${qs}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as T;
}

export async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${path}`, { data: input });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as T;
}

export interface StoredRun {
  run: { id: string; status: string; lastEventId: number };
  nodes: { id: string; status: string; attempts: number }[];
}

export function getRun(request: APIRequestContext, runId: string): Promise<StoredRun> {
  return query<StoredRun>(request, "run.get", { runId });
}

export async function waitForRun(request: APIRequestContext, runId: string, status: RegExp): Promise<StoredRun> {
  let last: StoredRun | undefined;
  await expect.poll(async () => (last = await getRun(request, runId)).run.status, { timeout: 25_000 }).toMatch(status);
  return last!;
}

let serial = 0;

/** Saves a template of shell/checkpoint nodes (ids and edges as given) and starts a run of it. */
export async function startTemplateRun(
  request: APIRequestContext,
  name: string,
  nodes: Record<string, unknown>[],
  edges: { from: string; to: string; label?: string }[],
  variables: Record<string, string> = {},
  extra: Record<string, unknown> = {},
): Promise<{ templateId: string; runId: string }> {
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}-${++serial}`;
  const template = { template_id: `wft-${slug}-20261201`, name, nodes, edges, ...extra };
  const saved = await mutate<{ id: string }>(request, "template.save", { template });
  const { runId } = await mutate<{ runId: string }>(request, "run.start", { templateId: saved.id, variables });
  return { templateId: saved.id, runId };
}

/** The statuses the run page shows on its canvas, by node id. */
export async function canvasStatuses(page: import("@playwright/test").Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll(".react-flow__node[data-id]")]
        .filter((n) => n.getAttribute("data-status"))
        .map((n) => [n.getAttribute("data-id")!, n.getAttribute("data-status")!]),
    ),
  );
}

/** Saves a template (a unique `template_id` per call) and returns its database id. */
export async function saveTemplate(
  request: APIRequestContext,
  name: string,
  nodes: Record<string, unknown>[],
  edges: { from: string; to: string; label?: string }[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}-${++serial}`;
  const template = { template_id: `wft-${slug}-20261201`, name, nodes, edges, ...extra };
  return (await mutate<{ id: string }>(request, "template.save", { template })).id;
}

/** A template that waits at checkpoint `CP` (a person must approve), then runs `command` in node `B`. */
export function savePausedTemplate(request: APIRequestContext, name: string, command: string): Promise<string> {
  return saveTemplate(
    request,
    name,
    [
      { id: "CP", name: "wait", type: "checkpoint", auto_continue: false },
      { id: "B", name: "after", type: "shell", args_template: command },
    ],
    [{ from: "CP", to: "B" }],
  );
}

export async function startRun(
  request: APIRequestContext,
  templateId: string,
  variables: Record<string, string> = {},
): Promise<string> {
  return (await mutate<{ runId: string }>(request, "run.start", { templateId, variables })).runId;
}

export interface PendingApproval {
  id: string;
  runId: string;
  nodeId: string;
  kind: string;
  prompt?: string;
  options?: string[];
}

/** Waits until the run's node asks a person and returns that approval. */
export async function pendingApproval(
  request: APIRequestContext,
  runId: string,
  nodeId: string,
): Promise<PendingApproval> {
  let found: PendingApproval | undefined;
  await expect
    .poll(
      async () => {
        const { items } = await query<{ items: PendingApproval[] }>(request, "approval.list", {
          status: "pending",
          runId,
        });
        return (found = items.find((a) => a.nodeId === nodeId))?.id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

/** Decides the node's pending approval over HTTP (as the signed-in admin). */
export async function decide(
  request: APIRequestContext,
  runId: string,
  nodeId: string,
  decision: string,
  extra: { comment?: string; answer?: string } = {},
): Promise<void> {
  const approval = await pendingApproval(request, runId, nodeId);
  await mutate(request, "approval.decide", { approvalId: approval.id, decision, ...extra });
}
