import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_EXECUTOR_CATALOG } from "@/lib/describe/default-executor-catalog";
import { parseExecutorCatalog } from "@/lib/describe/parse-executor-catalog";
import { parse as parseYaml } from "yaml";
import { readFileSync } from "node:fs";
import { ExecutorCatalogError, executorCatalogPath, loadExecutorCatalog } from "./load-executor-catalog";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-catalog-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("loadExecutorCatalog", () => {
  it("is the shipped default when no user file exists", () => {
    expect(executorCatalogPath({ WF_DATA_DIR: dir })).toBeUndefined();
    expect(loadExecutorCatalog({ WF_DATA_DIR: dir })).toBe(DEFAULT_EXECUTOR_CATALOG);
  });

  it("merges <data dir>/catalog.yaml over the default", () => {
    writeFileSync(
      path.join(dir, "catalog.yaml"),
      "entries:\n  test:\n    recipe: { kind: shell, command: 'pytest -q' }\n  translate:\n    recipe: { kind: agent, prompt: 'Translate: {args}', provider: local }\n",
    );
    const catalog = loadExecutorCatalog({ WF_DATA_DIR: dir });
    expect(catalog.entries.test.recipe).toEqual({ kind: "shell", command: "pytest -q" });
    expect(catalog.entries.translate.recipe).toMatchObject({ kind: "agent", provider: "local" });
    expect(catalog.entries.plan).toEqual(DEFAULT_EXECUTOR_CATALOG.entries.plan);
  });

  it("WF_CATALOG wins, and JSON works too", () => {
    const file = path.join(dir, "mine.json");
    writeFileSync(
      file,
      JSON.stringify({ replace_defaults: true, entries: { only: { recipe: { kind: "shell", command: "true" } } } }),
    );
    expect(Object.keys(loadExecutorCatalog({ WF_DATA_DIR: dir, WF_CATALOG: file }).entries)).toEqual(["only"]);
  });

  it.each([
    ["a missing WF_CATALOG file", undefined],
    ["YAML that does not parse", "entries: [unclosed"],
    ["an invalid entry", "entries:\n  test: { recipe: { kind: shell } }\n"],
  ])("throws ExecutorCatalogError (DS005) for %s", (_label, content) => {
    const file = path.join(dir, "cat.yaml");
    if (content !== undefined) writeFileSync(file, content);
    let caught: unknown;
    try {
      loadExecutorCatalog({ WF_DATA_DIR: dir, WF_CATALOG: file });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ExecutorCatalogError);
    expect((caught as ExecutorCatalogError).diagnostics[0]).toMatchObject({ code: "DS005", file });
  });

  it("the documented example catalog is valid", () => {
    const raw = parseYaml(readFileSync(path.resolve("server/catalog/catalog.example.yaml"), "utf8"));
    expect(parseExecutorCatalog(raw, "catalog.example.yaml").ok).toBe(true);
  });
});
