"use client";
/**
 * The editor's Simulate: `run.simulate` of the draft (nothing runs, nothing is stored) with the
 * variables' defaults — a required variable without one is simulated as `<name>` and said so —
 * and any mocks (a node's failure for "what if this fails?"). The answer goes to the editor store
 * for the canvas (`data-sim-status`, each gate's why) together with the draft it is about.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { EditorStore } from "@/lib/stores/editor-store";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { SimulationMock } from "@/lib/workflow/simulate/simulation-input";

function simulationVariables(template: Template): { variables: Record<string, string>; assumed: string[] } {
  const variables: Record<string, string> = {};
  const assumed: string[] = [];
  for (const [name, v] of Object.entries(template.context_schema ?? {})) {
    if (v.default !== undefined) variables[name] = String(v.default);
    else if (v.required) {
      variables[name] = `<${name}>`;
      assumed.push(`variable ${name} has no default: simulated as "<${name}>"`);
    }
  }
  return { variables, assumed };
}

export function useSimulation(store: EditorStore) {
  const trpc = useTRPC();
  const simulate = useMutation(trpc.run.simulate.mutationOptions());
  const [asked, setAsked] = useState<{ assumed: string[]; mocks: Record<string, SimulationMock> } | null>(null);
  /**
   * Simulates the draft with the inspector's pinned outcomes (of nodes still in it) and `forced` over them
   * ("what if this fails?"). A draft with a saved template's template_id gets that template's estimate.
   */
  function run(forced: Record<string, SimulationMock> = {}) {
    const { draft, pinnedMocks } = store.getState();
    const ids = new Set(draft.nodes.map((n) => n.id));
    const mocks = { ...Object.fromEntries(Object.entries(pinnedMocks).filter(([id]) => ids.has(id))), ...forced };
    const { variables, assumed } = simulationVariables(draft);
    setAsked({ assumed, mocks });
    store.getState().setSimulation(null);
    simulate.mutate(
      {
        template: draft as unknown as Record<string, unknown>,
        variables,
        ...(Object.keys(mocks).length ? { mocks } : {}),
      },
      {
        onSuccess: (result) =>
          store.getState().setSimulation({
            draft,
            statuses: Object.fromEntries(result.nodes.map((n) => [n.id, n.status])),
            whys: Object.fromEntries(result.gates.map((g) => [g.nodeId, g.why])),
          }),
      },
    );
  }
  return {
    open: asked !== null,
    run,
    close() {
      setAsked(null);
      simulate.reset();
      store.getState().setSimulation(null);
    },
    result: asked ? simulate.data : undefined,
    error: asked ? simulate.error?.message : undefined,
    pending: simulate.isPending,
    assumed: asked?.assumed ?? [],
    /** The nodes the last simulation forced to fail (pinned or asked). */
    failing: Object.entries(asked?.mocks ?? {})
      .filter(([, m]) => m.status === "failed")
      .map(([id]) => id),
    /** The nodes whose output the last simulation was given. */
    given: Object.entries(asked?.mocks ?? {})
      .filter(([, m]) => m.status !== "failed")
      .map(([id]) => id),
  };
}
