/** Engine issue catalog (`RUN0xx`): one code per failure kind, messages as functions. */
export const RUN_CODES = {
  RUN001: (id: string) => `node ${id} is listed twice`,
  RUN002: (from: string, to: string) => `edge ${from} -> ${to} points at a node that does not exist`,
  RUN003: (ids: string[]) => `the graph has a cycle: ${ids.join(" -> ")}`,
  RUN004: (id: string, target: string) => `node ${id} falls back to ${target}, which does not exist or is itself`,
  RUN005: (id: string) => `loop ${id} needs max_iter of at least 1`,
  RUN006: (name: string) => `required variable "${name}" was not given`,
  RUN010: (id: string, target: string) =>
    `fallback ${target} for node ${id} cannot run: its own dependencies are not satisfied`,
  RUN011: (id: string) => `node ${id} was interrupted (the engine stopped while it ran)`,
  RUN012: (id: string) => `node ${id} was rejected by a person`,
  RUN013: (id: string, downstream: string[]) =>
    `re-running ${id} would make finished downstream nodes stale (${downstream.join(", ")}) — confirm to reset them`,
  RUN014: (id: string, seconds: number) => `node ${id} timed out after ${seconds}s`,
  RUN015: (id: string, needed: string, declared: string) => `node ${id} needs tier ${needed} but declares ${declared}`,
  RUN016: (id: string, files: string[]) => `node ${id} created forbidden files: ${files.join(", ")}`,
  RUN017: (p: string) => `path ${p} leaves the run's workspace`,
  RUN018: (id: string, problem: string) => `run state is inconsistent at node ${id}: ${problem}`,
  RUN019: (expr: string, problem: string) => `expression "${expr}" could not be evaluated: ${problem}`,
  RUN020: (id: string) => `node ${id} was cancelled`,
  RUN021: (name: string) => `no executor is registered for node type ${name}`,
  RUN022: (id: string, field: string, line: number, column: number, problem: string) =>
    `node ${id}: the command in ${field} cannot be run (line ${line}, column ${column}): ${problem}`,
  RUN023: (id: string, field: string, problem: string) =>
    `node ${id}: a value for ${field} cannot be passed: ${problem}`,
  RUN025: (id: string, step: string, problem: string) => `node ${id}: the ${step} step failed: ${problem}`,
  RUN026: (id: string, seconds: number) => `node ${id}: nobody decided its approval within ${seconds}s`,
  RUN030: (id: string, field: string, name: string) =>
    `node ${id}: ${field} uses {secrets.${name}}, but no secret "${name}" exists; an admin adds it in Settings → Secrets`,
  RUN046: (id: string, field: string, name: string) =>
    `node ${id}: ${field} uses {secrets.${name}}, but this process cannot open it: it was sealed with another key than this process's (WF_SECRET_KEY, else secret.key in its data folder); give every wf serve and wf worker of one database the same WF_SECRET_KEY, or set the secret again in Settings → Secrets`,
  RUN036: (id: string, field: string, line: number, column: number, problem: string) =>
    `node ${id}: the command in ${field} is refused before it runs (line ${line}, column ${column}), because a value would become shell code: ${problem}`,
  RUN024: (name: string) =>
    `variable "${name}" is not declared in the template's context_schema; declare it or leave it out`,
  RUN031: (id: string, maxIter: number, limit: number) =>
    `loop ${id} has max_iter ${maxIter}; the limit is ${limit} iterations, so the run was not planned`,
  RUN032: (planned: number, limit: number, loops: string[]) =>
    `the run would plan ${planned} nodes${loops.length ? ` (loops ${loops.join(", ")} expanded)` : ""}; the limit is ${limit}, so nothing was expanded`,
  RUN033: (p: string, what: string) => `${p} is ${what}, not a regular file: only regular files are read`,
  RUN034: (what: string, seconds: number) => `${what} did not finish within ${seconds}s and was stopped`,
  RUN035: (problem: string) => `the run could not be read at start (${problem}); it was marked failed and not resumed`,
  RUN040: (problem: string) =>
    `node processes must run in the bubblewrap sandbox (WF_SANDBOX=require), but ${problem}; nothing was started`,
  RUN041: (id: string, provider: string) =>
    `node ${id} sets network: false, but agent provider ${provider} is an HTTP endpoint the server calls; use a CLI provider or remove network: false`,
  RUN042: (id: string, ref: string, version?: string | number) =>
    `workflow node ${id}: no template "${ref}"${version !== undefined ? ` at version ${version}` : ""} to run as its child`,
  RUN043: (id: string, depth: number) =>
    `workflow node ${id}: the child run would be nested ${depth} deep; at most 5 workflows may call each other at run time`,
  RUN044: (id: string, childRunId: string, status: string, reason: string) =>
    `workflow node ${id}: child run ${childRunId} ${status}${reason ? `: ${reason}` : ""}`,
  RUN045: (id: string, problem: string) => `workflow node ${id}: the child run could not start: ${problem}`,
} as const;
