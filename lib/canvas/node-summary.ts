/** The one line a canvas node shows under its name: the command, prompt, condition or target. */
import type { WorkflowNode } from "@/lib/workflow/model/template-schema";

const MAX = 64;

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0].trim();
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}

export function nodeSummary(node: WorkflowNode): string {
  const prompt = (node as { prompt?: unknown }).prompt;
  switch (node.type) {
    case "shell":
      return firstLine(node.args_template ?? "");
    case "loop":
      return firstLine(`≤ ${node.max_iter}× ${node.args_template ?? (typeof prompt === "string" ? prompt : "")}`);
    case "agent":
    case "human":
      return firstLine(typeof prompt === "string" ? prompt : (node.args_template ?? ""));
    case "gate":
      return firstLine(node.expression || node.condition || "a person chooses the branch");
    case "http":
      return firstLine(`${node.method ?? "GET"} ${node.url ?? ""}`);
    case "skill":
      return firstLine(node.executor ? `${node.executor} ${node.args_template ?? ""}` : "no catalog entry chosen");
    case "checkpoint":
      return node.auto_continue === false
        ? "pauses for a person"
        : firstLine(`saves ${(node.save_fields ?? ["state"]).join(", ")}`);
    case "workflow":
      return node.template
        ? firstLine(`runs ${node.template}${node.version !== undefined ? ` v${node.version}` : ""}`)
        : "no template chosen";
  }
}
