/** The access table says what docs/security.md says, rule by rule (the matrix test then proves the server obeys it). */
import { describe, expect, it } from "vitest";
import { hasRole } from "@/lib/access/roles";
import { PROCEDURE_ACCESS, accessFor, callerMay } from "./procedure-access";

const entries = Object.entries(PROCEDURE_ACCESS);
const ADMIN_NOUNS = ["user.", "secret.", "audit."];
/** Reads for editors only: agent providers' names and readiness (how they are reached is for admins). */
const EDITOR_READS = ["provider.list"];

describe("PROCEDURE_ACCESS follows the roles of docs/security.md", () => {
  it("viewer reads everything but secrets, users and audit", () => {
    for (const [path, access] of entries) {
      const isRead = /\.(list|get|facets|diff|log|onEvent|watch)$/.test(path) && !path.startsWith("token.");
      if (EDITOR_READS.includes(path)) expect(access, path).toBe("editor");
      else if (isRead && !ADMIN_NOUNS.some((n) => path.startsWith(n))) expect(access, path).toBe("viewer");
      if (ADMIN_NOUNS.some((n) => path.startsWith(n))) expect(access, path).toBe("admin");
    }
  });

  it("editor saves, deletes, composes, starts, cancels, re-runs and changes triggers; approver decides; admin restores", () => {
    const editor = entries.filter(([, a]) => a === "editor").map(([p]) => p);
    expect(editor.sort()).toEqual(
      [
        "template.save",
        "template.delete",
        "template.duplicate",
        "compose.describe",
        "compose.import",
        "compose.validate",
        "compose.injectCheckpoints",
        "run.start",
        "run.cancel",
        "run.rerunFrom",
        "run.retryFailed",
        "trigger.create",
        "trigger.update",
        "trigger.delete",
        "trigger.testEvent",
        ...EDITOR_READS,
      ].sort(),
    );
    expect(accessFor("approval.decide")).toBe("approver");
    expect(accessFor("template.restore")).toBe("admin");
    for (const change of ["provider.save", "provider.delete", "provider.setDefault", "provider.test"])
      expect(accessFor(change), change).toBe("admin");
  });

  it("only login, setup, me and health are open; an unknown path needs admin", () => {
    expect(
      entries
        .filter(([, a]) => a === "public")
        .map(([p]) => p)
        .sort(),
    ).toEqual(["auth.login", "auth.me", "auth.setup", "health.heartbeat", "health.ping"].sort());
    expect(accessFor("something.new")).toBe("admin");
  });

  it("roles include what DESIGN says: admin everything, editor and approver view, not each other", () => {
    expect(hasRole(["admin"], "approver")).toBe(true);
    expect(hasRole(["editor"], "viewer")).toBe(true);
    expect(hasRole(["approver"], "viewer")).toBe(true);
    expect(hasRole(["editor"], "approver")).toBe(false);
    expect(hasRole(["approver"], "editor")).toBe(false);
    expect(hasRole(["viewer"], "editor")).toBe(false);
    expect(callerMay(null, "signed-in")).toBe(false);
  });
});
