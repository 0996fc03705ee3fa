import { describe, expect, it } from "vitest";
import { exportFileName } from "./export-file-name";
import { guessImportFormat } from "./guess-import-format";
import { pickMainWorkflowFile } from "./pick-main-workflow-file";

describe("guessImportFormat", () => {
  it.each([
    ["", "plan.yml", "yaml"],
    ["{}", "notes.md", "mermaid"],
    ['  {"template_id": "x"}', undefined, "json"],
    ["---\ntitle: x\n---\n%% c\nflowchart TD\n  A --> B", undefined, "mermaid"],
    ["# Doc\n\n```mermaid\ngraph LR\nA-->B\n```", undefined, "mermaid"],
    ["name: x\ntasks: []", undefined, "yaml"],
    ["sequenceDiagram\n  A->>B: hi", undefined, "mermaid"],
  ])("%j (%s) → %s", (text, filename, format) => {
    expect(guessImportFormat(text, filename)).toBe(format);
  });
});

describe("exportFileName", () => {
  it("uses the template_id and the format's extension", () => {
    expect(exportFileName("wft-deploy-20261129", "mermaid")).toBe("wft-deploy-20261129.mmd");
    expect(exportFileName("../a b", "ascii")).toBe("a-b.txt");
  });
});

describe("pickMainWorkflowFile", () => {
  it("prefers the playbook, JSON or Mermaid file over Markdown prompts and other files", () => {
    expect(pickMainWorkflowFile(["plan.md", "notes.txt", "ship.yml", "review.md"])).toBe(2);
    expect(pickMainWorkflowFile(["a.txt", "diagram.md"])).toBe(1);
    expect(pickMainWorkflowFile(["x.txt"])).toBe(0);
    expect(pickMainWorkflowFile([])).toBe(-1);
  });
});
