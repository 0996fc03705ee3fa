/**
 * `npm run lint` step: no import cycle between files, nor between folders (a folder imports another
 * when one of its files does). Type-only imports are left out (they do not run); tests, test support,
 * e2e and scripts are left out (nothing imports them). Prints each cycle and exits 1 when there is one.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const files = execSync("git ls-files '*.ts' '*.tsx'", { encoding: "utf8" })
  .split("\n")
  .filter(
    (f) =>
      f &&
      !/\.test\.tsx?$/.test(f) &&
      !f.includes("test-support") &&
      !f.startsWith("e2e/") &&
      !f.startsWith("scripts/"),
  );
const known = new Set(files);
const IMPORT = /(?:import|export)\s+(type\s+)?[^'";]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** File → the files it imports at run time (`@/` and relative specifiers that name a tracked file). */
const graph = new Map();
for (const file of files) {
  const deps = new Set();
  for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    if (m[1]) continue;
    const spec = m[2] ?? m[3];
    const base = spec.startsWith("@/")
      ? spec.slice(2)
      : spec.startsWith(".")
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
        : undefined;
    if (base === undefined) continue;
    const hit = ["", ".ts", ".tsx", "/index.ts"].map((e) => base + e).find((f) => known.has(f));
    if (hit) deps.add(hit);
  }
  graph.set(file, [...deps]);
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(g) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component);
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

const folders = new Map();
for (const [file, deps] of graph) {
  const from = path.posix.dirname(file);
  if (!folders.has(from)) folders.set(from, new Set());
  for (const dep of deps) if (path.posix.dirname(dep) !== from) folders.get(from).add(path.posix.dirname(dep));
}
const fileCycles = cycles(graph);
const folderCycles = cycles(new Map([...folders].map(([k, v]) => [k, [...v]])));
for (const c of fileCycles) console.error(`import cycle between files: ${c.join(" → ")}`);
for (const c of folderCycles) console.error(`import cycle between folders: ${c.join(" ↔ ")}`);
if (fileCycles.length || folderCycles.length) process.exit(1);
console.log(`no import cycle (${graph.size} files, ${folders.size} folders)`);
