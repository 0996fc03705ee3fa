/** The playbook YAML format of playbook-execute.txt (plus pass-through extension fields). */
import * as z from "zod";
import { CHECK_TYPES } from "@/lib/workflow/template-schema";

export const CAPABILITIES = ["research", "implementation", "verification", "review", "decision"] as const;
export const PLAYBOOK_EXECUTORS = ["main", "explore", "code-review", "security-review", "human"] as const;
export const PLAYBOOK_CHECK_FIELDS: Readonly<Record<(typeof CHECK_TYPES)[number], readonly string[]>> = {
  file_exists: ["path"],
  file_contains: ["path", "pattern"],
  command: ["run"],
  human: ["prompt"],
  agent_confirms: ["description"],
};

/** The seed's capability → default executor table. */
export const DEFAULT_EXECUTOR: Readonly<Record<(typeof CAPABILITIES)[number], string>> = {
  research: "explore",
  implementation: "main",
  verification: "code-review",
  review: "code-review",
  decision: "human",
};

export function isPlaybookExecutor(v: string): boolean {
  return (PLAYBOOK_EXECUTORS as readonly string[]).includes(v) || /^custom:\S+$/.test(v);
}

export const PlaybookTaskSchema = z.looseObject({
  name: z.string().min(1),
  phase: z.string(),
  capability: z.enum(CAPABILITIES),
  prompt: z.string(),
  success: z.string(),
  executor: z.string().optional(),
  depends_on: z.union([z.string(), z.array(z.string())]).optional(),
  on_failure: z.string().optional(),
  checks: z.array(z.looseObject({ type: z.enum(CHECK_TYPES) })).optional(),
  /** Extension: display name when it differs from the task name (= node id). */
  title: z.string().optional(),
  /** Extension: the node type when capability/executor do not imply it (shell, gate, loop, …). */
  type: z.string().optional(),
  /** Extension: an executor outside the seed's list (e.g. `sh` for a shell node). */
  wf_executor: z.string().optional(),
  /** Extension: labels of the incoming edges, by dependency (gate branch values). */
  edge_labels: z.record(z.string(), z.string()).optional(),
});
export type PlaybookTask = z.infer<typeof PlaybookTaskSchema>;

export const PlaybookSchema = z.looseObject({
  name: z.string().min(1),
  description: z.string(),
  phases: z
    .array(z.union([z.string(), z.looseObject({ name: z.string().min(1), description: z.string().optional() })]))
    .optional(),
  variables: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable()
    .optional(),
  tasks: z.array(PlaybookTaskSchema),
});
export type Playbook = z.infer<typeof PlaybookSchema>;
