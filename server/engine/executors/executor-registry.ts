/** Executors by node type; adding one touches its own file and this registry. */
import type { NodeType } from "@/lib/workflow/model/template-schema";
import { agentExecutor } from "./agent-executor";
import { checkpointExecutor } from "./checkpoint-executor";
import type { Executor } from "./executor";
import { gateExecutor } from "./gate-executor";
import { httpExecutor } from "./http-executor";
import { humanExecutor } from "./human-executor";
import { loopExecutor } from "./loop-executor";
import { shellExecutor } from "./shell-executor";
import { skillExecutor } from "./skill-executor";

export type ExecutorRegistry = Map<NodeType | string, Executor>;

export function createExecutorRegistry(overrides: Partial<Record<NodeType, Executor>> = {}): ExecutorRegistry {
  const registry: ExecutorRegistry = new Map<string, Executor>([
    ["shell", shellExecutor],
    ["agent", agentExecutor],
    ["skill", skillExecutor],
    ["http", httpExecutor],
    ["human", humanExecutor],
    ["checkpoint", checkpointExecutor],
    ["gate", gateExecutor],
    ["loop", loopExecutor],
  ]);
  for (const [type, ex] of Object.entries(overrides)) if (ex) registry.set(type, ex);
  return registry;
}
