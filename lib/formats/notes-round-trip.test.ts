/** Sticky notes (metadata.notes) survive every export and its import, and change no diagnostic. */
import { describe, expect, it } from "vitest";
import { addNote, readNotes } from "@/lib/workflow/edit/sticky-notes";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { importMermaid } from "./mermaid-to-template";
import { importPlaybook } from "./playbook-to-template";
import { importTemplateJson } from "./import-template-json";
import { toMermaid } from "./to-mermaid";
import { toPlaybookYaml } from "./to-playbook-yaml";

const base = graph("Notes").node("A", { type: "shell", args_template: "echo a" }).chain("A", "B").build();
const withNotes = addNote(
  addNote(base, {
    position: { x: 0, y: -140 },
    text: "# Why\n- **A** first: it's `cheap` 🎉\n<b>not html</b>",
    node: "A",
  }).template,
  { position: { x: 400, y: 200 }, text: 'quotes " and | pipes --> arrows' },
).template;

describe("sticky notes round trip", () => {
  it("through template JSON", () => {
    const back = importTemplateJson(JSON.stringify(withNotes));
    expect(back.template && readNotes(back.template)).toEqual(readNotes(withNotes));
  });
  it("through Mermaid (its wf_template front matter)", () => {
    const back = importMermaid(toMermaid(withNotes));
    expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(back.template && readNotes(back.template)).toEqual(readNotes(withNotes));
  });
  it("through playbook YAML", () => {
    const back = importPlaybook(toPlaybookYaml(withNotes));
    expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(back.template && readNotes(back.template)).toEqual(readNotes(withNotes));
  });
});
