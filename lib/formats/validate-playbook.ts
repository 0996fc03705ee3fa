/**
 * The eleven playbook validation rules (docs/formats.md), on the raw YAML value. Every
 * violation is reported at once, each with its YAML path and line/column. Never throws.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { CHECK_TYPES } from "@/lib/workflow/model/template-schema";
import { formatIssue, type FormatIssueCode, type FORMAT_ISSUES } from "./format-issues";
import { CAPABILITIES, PLAYBOOK_CHECK_FIELDS, isPlaybookExecutor } from "./playbook-schema";
import { yamlPathString, type YamlLocator, type YamlPath } from "./yaml-locator";

type Raw = Record<string, unknown>;
const isMap = (v: unknown): v is Raw => typeof v === "object" && v !== null && !Array.isArray(v);
const TASK_FIELDS = ["name", "phase", "capability", "prompt", "success"] as const;

/** `depends_on` as a list (a single string is accepted as a one-item list). */
export function dependsOnList(task: Raw): unknown[] {
  const d = task.depends_on;
  return d === undefined || d === null ? [] : Array.isArray(d) ? d : [d];
}

export function validatePlaybook(raw: unknown, loc: YamlLocator): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = <C extends FormatIssueCode>(
    code: C,
    path: YamlPath,
    ...args: Parameters<(typeof FORMAT_ISSUES)[C]>
  ) => {
    const at = loc.at(path);
    const field = typeof path[path.length - 1] === "string" ? String(path[path.length - 1]) : undefined;
    out.push(formatIssue(code, "error", { ...at, path: yamlPathString(path), ...(field ? { field } : {}) }, ...args));
  };
  if (!isMap(raw)) {
    report("PB015", [], "the playbook", "a map with name, description and tasks");
    return out;
  }
  // Rule 1: required top-level fields.
  for (const f of ["name", "description", "tasks"]) if (raw[f] === undefined || raw[f] === null) report("PB002", [], f);
  if (raw.tasks !== undefined && raw.tasks !== null && !Array.isArray(raw.tasks))
    report("PB015", ["tasks"], "tasks", "a list of tasks");
  const tasks = Array.isArray(raw.tasks) ? raw.tasks : [];
  const phases = Array.isArray(raw.phases)
    ? raw.phases.map((p) => (isMap(p) ? p.name : p)).filter((p): p is string => typeof p === "string")
    : undefined;
  if (raw.phases !== undefined && !Array.isArray(raw.phases))
    report("PB015", ["phases"], "phases", "a list of { name, description }");

  const byName = new Map<string, number>();
  tasks.forEach((task, i) => {
    if (!isMap(task)) return report("PB015", ["tasks", i], `tasks[${i}]`, "a map");
    const label = typeof task.name === "string" ? task.name : `#${i + 1}`;
    // Rule 2: required task fields.
    for (const f of TASK_FIELDS) if (task[f] === undefined || task[f] === null) report("PB003", ["tasks", i], label, f);
    // Rule 3: unique names.
    if (typeof task.name === "string") {
      const first = byName.get(task.name);
      if (first !== undefined) report("PB004", ["tasks", i, "name"], task.name, loc.at(["tasks", first, "name"]).line);
      else byName.set(task.name, i);
    }
    // Rule 4: phase declared (only when phases is present).
    if (phases && typeof task.phase === "string" && !phases.includes(task.phase)) {
      report("PB005", ["tasks", i, "phase"], label, task.phase, phases.join(", ") || "none declared");
    }
    // Rule 7: capability values.
    if (task.capability !== undefined && !(CAPABILITIES as readonly unknown[]).includes(task.capability)) {
      report("PB008", ["tasks", i, "capability"], label, String(task.capability));
    }
    // Rule 8: executor values.
    if (task.executor !== undefined && (typeof task.executor !== "string" || !isPlaybookExecutor(task.executor))) {
      report("PB009", ["tasks", i, "executor"], label, String(task.executor));
    }
    // Rule 9: on_failure values.
    const onFailure = task.on_failure;
    if (
      onFailure !== undefined &&
      !(typeof onFailure === "string" && /^(stop|skip|retry|fallback:\S+)$/.test(onFailure))
    ) {
      report("PB010", ["tasks", i, "on_failure"], label, String(onFailure));
    }
    // Rule 11: checks structure.
    if (task.checks !== undefined) checkItems(task.checks, i, label, report);
  });

  const names = new Set(byName.keys());
  tasks.forEach((task, i) => {
    if (!isMap(task)) return;
    const label = typeof task.name === "string" ? task.name : `#${i + 1}`;
    // Rule 5: depends_on integrity.
    dependsOnList(task).forEach((dep, j) => {
      const path = Array.isArray(task.depends_on) ? ["tasks", i, "depends_on", j] : ["tasks", i, "depends_on"];
      if (typeof dep !== "string" || !names.has(dep)) report("PB006", path, label, String(dep));
    });
    // Rule 10: fallback target exists, is not the task itself, and forms no fallback loop.
    const target = fallbackOf(task);
    if (target === undefined) return;
    const path = ["tasks", i, "on_failure"];
    if (target === task.name) report("PB011", path, label, "cannot name the task itself");
    else if (!names.has(target)) report("PB011", path, label, `target "${target}" is not a task`);
    else if (fallbackLoop(label, tasks))
      report("PB011", path, label, `target "${target}" leads back to "${label}" (fallback loop)`);
  });
  // Rule 6: no cycles.
  for (const cycle of dependencyCycles(tasks))
    report("PB007", ["tasks", byName.get(cycle[0]) ?? 0, "depends_on"], [...cycle, cycle[0]].join(" → "));
  return out;
}

function fallbackOf(task: Raw): string | undefined {
  const m = typeof task.on_failure === "string" ? /^fallback:(\S+)$/.exec(task.on_failure) : null;
  return m ? m[1] : undefined;
}

/** Following fallback targets from `start` returns to `start` (A→B→A, or longer). */
function fallbackLoop(start: string, tasks: unknown[]): boolean {
  const next = new Map<string, string>();
  for (const t of tasks) if (isMap(t) && typeof t.name === "string" && fallbackOf(t)) next.set(t.name, fallbackOf(t)!);
  const seen = new Set<string>();
  for (let cur = next.get(start); cur !== undefined && !seen.has(cur); cur = next.get(cur)) {
    if (cur === start) return true;
    seen.add(cur);
  }
  return false;
}

type Report = <C extends FormatIssueCode>(
  code: C,
  path: YamlPath,
  ...args: Parameters<(typeof FORMAT_ISSUES)[C]>
) => void;

function checkItems(checks: unknown, i: number, label: string, report: Report): void {
  if (!Array.isArray(checks)) return report("PB012", ["tasks", i, "checks"], label, "checks must be a list");
  checks.forEach((check, k) => {
    const path = ["tasks", i, "checks", k];
    if (!isMap(check)) return report("PB012", path, label, `checks[${k}] must be a map with a type`);
    if (!(CHECK_TYPES as readonly unknown[]).includes(check.type)) {
      return report(
        "PB012",
        [...path, "type"],
        label,
        `checks[${k}].type "${String(check.type)}" must be one of ${CHECK_TYPES.join(" | ")}`,
      );
    }
    for (const f of PLAYBOOK_CHECK_FIELDS[check.type as (typeof CHECK_TYPES)[number]]) {
      if (typeof check[f] !== "string" || check[f] === "")
        report("PB012", path, label, `checks[${k}] (${String(check.type)}) needs "${f}"`);
    }
  });
}

/** Every dependency cycle (strongly connected component of 2+ tasks, or a self-dependency), in task order. */
function dependencyCycles(tasks: unknown[]): string[][] {
  const deps = new Map<string, string[]>();
  for (const t of tasks) {
    if (isMap(t) && typeof t.name === "string" && !deps.has(t.name))
      deps.set(
        t.name,
        dependsOnList(t).filter((d): d is string => typeof d === "string"),
      );
  }
  // Tarjan's algorithm, iterative so a 1,000-task chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  for (const root of deps.keys()) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, k] = frame;
      if (k === 0) {
        index.set(v, counter);
        low.set(v, counter++);
        stack.push(v);
        onStack.add(v);
      }
      const succ = (deps.get(v) ?? []).filter((w) => deps.has(w));
      if (k < succ.length) {
        frame[1]++;
        const w = succ[k];
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > 1 || deps.get(v)!.includes(v)) {
          const order = [...deps.keys()];
          cycles.push(scc.sort((a, b) => order.indexOf(a) - order.indexOf(b)));
        }
      }
    }
  }
  return cycles;
}
