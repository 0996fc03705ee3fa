/** The playbook YAML format of docs/formats.md (plus pass-through extension fields). */
import * as z from "zod/mini";
import { CHECK_TYPES } from "@/lib/workflow/model/template-schema";

export const CAPABILITIES = ["research", "implementation", "verification", "review", "decision"] as const;
export const PLAYBOOK_EXECUTORS = ["main", "explore", "code-review", "security-review", "human"] as const;
export const PLAYBOOK_CHECK_FIELDS: Readonly<Record<(typeof CHECK_TYPES)[number], readonly string[]>> = {
  file_exists: ["path"],
  file_contains: ["path", "pattern"],
  command: ["run"],
  human: ["prompt"],
  agent_confirms: ["description"],
};

/** The capability → default executor table (docs/formats.md). */
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

/** Built on first use (z.lazy): only a playbook import parses one, and every `wf` start would build it. */
const PlaybookTaskSchema = z.lazy(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    phase: z.string(),
    capability: z.enum(CAPABILITIES),
    prompt: z.string(),
    success: z.string(),
    executor: z.optional(z.string()),
    depends_on: z.optional(z.union([z.string(), z.array(z.string())])),
    on_failure: z.optional(z.string()),
    checks: z.optional(z.array(z.looseObject({ type: z.enum(CHECK_TYPES) }))),
    /** Extension: display name when it differs from the task name (= node id). */
    title: z.optional(z.string()),
    /** Extension: the node type when capability/executor do not imply it (shell, gate, loop, …). */
    type: z.optional(z.string()),
    /** Extension: an executor outside the playbook's list (e.g. `sh` for a shell node). */
    wf_executor: z.optional(z.string()),
    /** Extension: labels of the incoming edges, by dependency (gate branch values). */
    edge_labels: z.optional(z.record(z.string(), z.string())),
  }),
);
export type PlaybookTask = z.infer<typeof PlaybookTaskSchema>;

export const PlaybookSchema = z.lazy(() =>
  z.looseObject({
    name: z.string().check(z.minLength(1)),
    description: z.string(),
    phases: z.optional(
      z.array(
        z.union([
          z.string(),
          z.looseObject({ name: z.string().check(z.minLength(1)), description: z.optional(z.string()) }),
        ]),
      ),
    ),
    variables: z.optional(z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])))),
    tasks: z.array(PlaybookTaskSchema),
  }),
);
export type Playbook = z.infer<typeof PlaybookSchema>;
