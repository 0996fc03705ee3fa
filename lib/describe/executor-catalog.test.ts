import { describe, expect, it } from "vitest";
import { applySkillArgs } from "./apply-skill-args";
import { DEFAULT_EXECUTOR_CATALOG } from "./default-executor-catalog";
import { ExecutorCatalogSchema, type ExecutorCatalog } from "./executor-catalog-schema";
import type { IntentStep } from "./intent-schema";
import { matchCatalogEntry } from "./match-catalog-entry";
import { mergeExecutorCatalogs, parseExecutorCatalog } from "./parse-executor-catalog";
import { resolveSkillRecipe } from "./resolve-skill-recipe";

const step = (description: string, type_hint: IntentStep["type_hint"]): IntentStep => ({
  seq: 1,
  description,
  type_hint,
  parallel_with: null,
  variables: [],
});

describe("executor catalog", () => {
  it("the shipped default is a valid catalog with the documented names", () => {
    expect(ExecutorCatalogSchema.parse(DEFAULT_EXECUTOR_CATALOG)).toEqual(DEFAULT_EXECUTOR_CATALOG);
    for (const name of ["plan", "analyze", "implement", "test", "review", "docs"])
      expect(DEFAULT_EXECUTOR_CATALOG.entries[name]).toBeDefined();
  });

  it("resolveSkillRecipe finds an entry by exact name and reports DS004 otherwise", () => {
    const ok = resolveSkillRecipe(DEFAULT_EXECUTOR_CATALOG, "test");
    expect(ok).toMatchObject({ ok: true, name: "test", recipe: { kind: "shell", command: "npm test" } });
    for (const name of ["nope", undefined, "toString", "constructor"]) {
      const bad = resolveSkillRecipe(DEFAULT_EXECUTOR_CATALOG, name);
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.diagnostic).toMatchObject({ code: "DS004", field: "executor" });
    }
  });

  it("applySkillArgs fills {args} everywhere in a recipe and leaves other references alone", () => {
    expect(applySkillArgs({ kind: "shell", command: "make {args} ${HOME} {goal}" }, "x")).toEqual({
      kind: "shell",
      command: "make x ${HOME} {goal}",
    });
    expect(applySkillArgs({ kind: "agent", prompt: "Do: {args}\n{prev_output}" }, "$& it")).toMatchObject({
      prompt: "Do: $& it\n{prev_output}",
    });
    expect(
      applySkillArgs(
        { kind: "http", method: "POST", url: "{hook}/{args}", headers: { x: "{args}" }, body: '{"t":"{args}"}' },
        "a",
      ),
    ).toEqual({ kind: "http", method: "POST", url: "{hook}/a", headers: { x: "a" }, body: '{"t":"a"}' });
  });

  it("matches steps by keyword, type hint and leading verb; falls back to the fallback entry", () => {
    const cases: [string, IntentStep["type_hint"], string][] = [
      ["plan the feature", "planning", "plan"],
      ["fix the code", "execution", "fix"],
      ["implement it", "execution", "implement"],
      ["run the tests", "testing", "test"],
      ["write docs", "agent", "docs"],
      ["deploy to staging", "cli", "deploy"],
      ["review the changes", "review", "review"],
      ["email it to the team", "agent", "notify"],
      ["feed the cat", "agent", "general"],
    ];
    for (const [text, hint, name] of cases)
      expect(matchCatalogEntry(DEFAULT_EXECUTOR_CATALOG, step(text, hint))?.name).toBe(name);
    const noFallback: ExecutorCatalog = { version: 1, entries: { test: DEFAULT_EXECUTOR_CATALOG.entries.test } };
    expect(matchCatalogEntry(noFallback, step("feed the cat", "agent"))).toBeUndefined();
  });

  it("parses a user catalog, merges it over the default, or replaces it", () => {
    const user = parseExecutorCatalog(
      { entries: { test: { recipe: { kind: "shell", command: "pytest -q" }, match: { keywords: ["pytest"] } } } },
      "user.yaml",
    );
    if (!user.ok) throw new Error("expected ok");
    const merged = mergeExecutorCatalogs(DEFAULT_EXECUTOR_CATALOG, user.catalog);
    expect(merged.entries.test.recipe).toEqual({ kind: "shell", command: "pytest -q" });
    expect(merged.entries.plan).toBeDefined();
    const only = mergeExecutorCatalogs(DEFAULT_EXECUTOR_CATALOG, { ...user.catalog, replace_defaults: true });
    expect(Object.keys(only.entries)).toEqual(["test"]);
  });

  it("reports every invalid field with DS005 and its path", () => {
    const bad = parseExecutorCatalog(
      { entries: { Bad: { recipe: { kind: "shell" } }, ok: { recipe: { kind: "ftp", url: "x" } } } },
      "cat.yaml",
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.diagnostics.every((d) => d.code === "DS005" && d.file === "cat.yaml")).toBe(true);
    expect(bad.diagnostics.length).toBeGreaterThanOrEqual(2);
  });
});
