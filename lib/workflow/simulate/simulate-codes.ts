/** Simulation input catalog (`SIM0xx`): what `run.simulate` and `wf run --dry-run` refuse, messages as functions. */
export const SIM_CODES = {
  SIM001: (field: string, id: string) => `${field}: the template has no node "${id}"`,
  SIM002: (field: string, id: string) =>
    `${field}: node "${id}" never asks a person (only human nodes, pausing checkpoints, gates and nodes with a human check do)`,
  SIM003: (field: string, value: string, options: readonly string[]) =>
    `${field}: "${value}" is not an option here; choose one of ${options.map((o) => `"${o}"`).join(", ")}`,
} as const;
