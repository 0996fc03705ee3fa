/** When `wf` trusts the built CLI: the manifest names a build that exists and no input is newer than it. */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

interface CliManifest {
  freshCliEntry(root: string, command?: string): string | undefined;
  currentCliEntry(root: string): string | undefined;
  writeManifest(
    root: string,
    m: { build: string; startedAt: number; inputs: string[]; commands?: Record<string, string[]> },
  ): void;
}
// A CommonJS script without type declarations: the bin requires it before any TypeScript exists.
const { freshCliEntry, currentCliEntry, writeManifest } = createRequire(import.meta.url)(
  "./cli-manifest.cjs",
) as CliManifest;

let root: string;
const at = (file: string, ms: number) => fs.utimesSync(path.join(root, file), ms / 1000, ms / 1000);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "wf-manifest-"));
  fs.mkdirSync(path.join(root, "dist/cli/b1"), { recursive: true });
  fs.mkdirSync(path.join(root, "lib"));
  fs.writeFileSync(path.join(root, "dist/cli/b1/main.cjs"), "");
  fs.writeFileSync(path.join(root, "lib/a.ts"), "");
  fs.writeFileSync(path.join(root, "tsconfig.json"), "{}");
  at("lib/a.ts", 1_000_000);
  at("tsconfig.json", 1_000_000);
  writeManifest(root, { build: "b1", startedAt: 2_000_000, inputs: ["lib/a.ts", "tsconfig.json"] });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("cli manifest", () => {
  it("a build newer than every input is fresh", () => {
    expect(freshCliEntry(root)).toBe(path.join(root, "dist/cli/b1/main.cjs"));
  });

  it("an input edited after the build started makes it stale (the current build is still named)", () => {
    at("lib/a.ts", 2_000_001);
    expect(freshCliEntry(root)).toBeUndefined();
    expect(currentCliEntry(root)).toBe(path.join(root, "dist/cli/b1/main.cjs"));
  });

  it("a deleted input, a missing build folder or no manifest: nothing to trust", () => {
    fs.rmSync(path.join(root, "tsconfig.json"));
    expect(freshCliEntry(root)).toBeUndefined();
    fs.writeFileSync(path.join(root, "tsconfig.json"), "{}");
    at("tsconfig.json", 1_000_000);
    expect(freshCliEntry(root)).toBeDefined();
    fs.rmSync(path.join(root, "dist/cli/b1"), { recursive: true });
    expect(freshCliEntry(root)).toBeUndefined();
    expect(currentCliEntry(root)).toBeUndefined();
    fs.rmSync(path.join(root, "dist/cli/manifest.json"));
    expect(currentCliEntry(root)).toBeUndefined();
  });

  it("a command checks the inputs of the bundles it can load; no command or an unknown one, those of main", () => {
    fs.writeFileSync(path.join(root, "lib/b.ts"), "");
    at("lib/b.ts", 1_000_000);
    writeManifest(root, {
      build: "b1",
      startedAt: 2_000_000,
      inputs: ["lib/a.ts", "lib/b.ts", "tsconfig.json"],
      commands: { "": ["tsconfig.json"], validate: ["lib/a.ts", "tsconfig.json"], run: ["lib/b.ts", "tsconfig.json"] },
    });
    at("lib/b.ts", 2_000_001); // only run's bundle is stale
    expect(freshCliEntry(root, "validate")).toBe(path.join(root, "dist/cli/b1/main.cjs"));
    expect(freshCliEntry(root, "--help")).toBe(path.join(root, "dist/cli/b1/main.cjs"));
    expect(freshCliEntry(root, "constructor")).toBe(path.join(root, "dist/cli/b1/main.cjs"));
    expect(freshCliEntry(root, "run")).toBeUndefined();
    at("tsconfig.json", 2_000_001); // shared by all
    expect(freshCliEntry(root, "validate")).toBeUndefined();
    expect(freshCliEntry(root)).toBeUndefined();
  });

  it("writing a manifest replaces the old one whole (no temporary file left)", () => {
    fs.mkdirSync(path.join(root, "dist/cli/b2"));
    fs.writeFileSync(path.join(root, "dist/cli/b2/main.cjs"), "");
    writeManifest(root, { build: "b2", startedAt: 3_000_000, inputs: [] });
    expect(currentCliEntry(root)).toBe(path.join(root, "dist/cli/b2/main.cjs"));
    expect(fs.readdirSync(path.join(root, "dist/cli")).sort()).toEqual(["b1", "b2", "manifest.json"]);
  });
});
