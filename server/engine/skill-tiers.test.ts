/**
 * A skill node's tier holds for its recipe: the recipe is what runs, so a `ro` skill whose catalog
 * entry is a shell command is refused before the run starts (WF073, nothing stored, nothing run),
 * and a catalog that changes after the start cannot slip a command past the tier (RUN015 when the
 * node runs, no process started).
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ExecutorCatalogSchema } from "@/lib/describe/executor-catalog-schema";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { selectApprovalRows } from "@/server/db/approval-reads";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RunInputError } from "./engine-errors";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

const CATALOG: unknown = {
  version: 1,
  entries: {
    "touch-it": { recipe: { kind: "shell", command: "touch {args}" } },
    "commit-it": { recipe: { kind: "shell", command: "git commit -m {args}" } },
    "ask-it": { recipe: { kind: "agent", prompt: "Summarise {args}" } },
    "post-it": { recipe: { kind: "http", url: "http://127.0.0.1:9/hook", body: "{args}" } },
  },
};

function startRefusal(fn: () => unknown): RunInputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof RunInputError) return err;
    throw err;
  }
  throw new Error("the run started");
}

describe("skill tiers follow the recipe", () => {
  it("a declared tier below the recipe's need is refused at start, naming node, entry and tier", () => {
    h = createEngineHarness({ catalog: () => ExecutorCatalogSchema.parse(CATALOG) });
    //  S1 (ro, touch-it)  S2 (rwx, commit-it)  S3 (ro, ask-it)  S4 (ro, post-it)  OK (rwx, touch-it)
    const t = buildTemplate()
      .node("S1", { type: "skill", executor: "touch-it", args_template: "PWNED", tier: "ro" })
      .node("S2", { type: "skill", executor: "commit-it", args_template: "msg", tier: "rwx" })
      .node("S3", { type: "skill", executor: "ask-it", args_template: "x", tier: "ro" })
      .node("S4", { type: "skill", executor: "post-it", args_template: "x", tier: "ro" })
      .node("OK", { type: "skill", executor: "touch-it", args_template: "fine", tier: "rwx" })
      .done();
    const err = startRefusal(() => h!.engine.startRun({ template: t }));
    const tiers = err.diagnostics.filter((d) => d.code === "WF073");
    expect(tiers.map((d) => [d.nodeId, d.field])).toEqual([
      ["S1", "tier"],
      ["S2", "tier"],
      ["S3", "tier"],
      ["S4", "tier"],
    ]);
    expect(tiers[0]!.message).toBe(
      'Skill node "S1" runs the catalog entry "touch-it" (a shell command), which needs tier "rwx", but declares tier "ro"; declare tier "rwx" or pick another entry.',
    );
    expect(tiers[1]!.message).toContain('needs tier "git"');
    expect(tiers[2]!.message).toContain('(an agent prompt), which needs tier "rw"');
    expect(h.store.openRunIds()).toEqual([]);
    expect(fs.existsSync(path.join(h.dir, "runs"))).toBe(false);
  });

  it("a catalog changed after the start: the node fails with RUN015 and runs nothing", async () => {
    let catalog: unknown = {
      version: 1,
      entries: { "do-it": { recipe: { kind: "agent", prompt: "Do {args}" } } },
    };
    h = createEngineHarness({ catalog: () => ExecutorCatalogSchema.parse(catalog) });
    //  H (checkpoint, waits) → S (skill do-it, tier rw)
    const t = buildTemplate()
      .node("H", { type: "checkpoint", auto_continue: false })
      .node("S", { type: "skill", executor: "do-it", args_template: "PWNED", tier: "rw" })
      .chain("H", "S")
      .done();
    const { runId } = h.engine.startRun({ template: t });
    expect((await h.engine.settled(runId)).status).toBe("waiting");
    catalog = { version: 1, entries: { "do-it": { recipe: { kind: "shell", command: "touch {args}" } } } };
    h.engine.decide((await selectApprovalRows(sqliteSql(h.db), "pending"))[0]!.id, {
      decision: "approve",
      by: "ann@x",
    });
    const state = await h.engine.settled(runId);
    expect(state.nodes.S).toMatchObject({ status: "failed" });
    expect(state.nodes.S.error).toMatch(/node S needs tier rwx but declares rw \(skill do-it runs a shell command\)/);
    expect(fs.existsSync(path.join(h.dir, "runs", runId, "PWNED"))).toBe(false);
  });
});
