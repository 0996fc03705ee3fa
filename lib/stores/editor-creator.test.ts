import { describe, expect, it } from "vitest";
import { creatorItems, MAX_QUERY, searchCreator } from "./editor-creator";

const items = creatorItems([
  { name: "claude-code", kind: "agent", description: "Claude Code CLI" },
  { name: "pytest", kind: "shell" },
]);

describe("the node creator's search", () => {
  it("offers the node types, the catalog's entries as skills, and a note", () => {
    expect(items.map((i) => i.key)).toEqual([
      "shell",
      "agent",
      "skill",
      "http",
      "human",
      "checkpoint",
      "gate",
      "loop",
      "workflow",
      "skill:claude-code",
      "skill:pytest",
      "note",
    ]);
    expect(items.find((i) => i.key === "skill:pytest")).toMatchObject({ type: "skill", executor: "pytest" });
  });

  it("matches every word, label matches first", () => {
    expect(searchCreator(items, "sh").map((i) => i.key)[0]).toBe("shell");
    expect(searchCreator(items, "claude cli").map((i) => i.key)).toEqual(["skill:claude-code"]);
    expect(searchCreator(items, "GATE").map((i) => i.key)).toEqual(["gate"]);
    expect(searchCreator(items, "").length).toBe(items.length);
  });

  it("odd text finds nothing and never throws: markup, emoji, very long", () => {
    expect(searchCreator(items, "<img src=x onerror=alert(1)>")).toEqual([]);
    expect(searchCreator(items, "🎉🎉")).toEqual([]);
    expect(searchCreator(items, "shell" + " ".repeat(MAX_QUERY) + "zzz").map((i) => i.key)[0]).toBe("shell");
    expect(searchCreator(items, "x".repeat(100_000))).toEqual([]);
  });
});
