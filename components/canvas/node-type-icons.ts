/** One glyph per node type, shared by the canvas nodes and the palette. */
import type { NodeType } from "@/lib/workflow/model/template-schema";

export const TYPE_ICONS: Record<NodeType, string> = {
  shell: "›_",
  agent: "✦",
  skill: "⚙",
  http: "⇄",
  human: "☺",
  checkpoint: "‖",
  gate: "◇",
  loop: "↻",
  workflow: "⊞",
};
