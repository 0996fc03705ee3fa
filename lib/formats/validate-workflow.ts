/**
 * validateWorkflow: import a workflow file's text and run the model validator on the result —
 * what `wf validate` and the import dialog show. Diagnostics of both stages, each placed at a
 * line/column of the source when it names a node or a JSON path.
 */
import { hasErrors, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import { validateTemplate, type DdeMode, type ValidateOptions } from "@/lib/workflow/validate/validate-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { locateDiagnostics } from "./import-result";
import { locateJsonDiagnostics } from "./import-template-json";
import { extensionOf, importWorkflow, type ImportWorkflowInput } from "./import-workflow";

export interface WorkflowValidation {
  ok: boolean;
  mode: DdeMode;
  diagnostics: Diagnostic[];
  template?: Template;
}

function withoutPosition(d: Diagnostic): Diagnostic {
  const rest = { ...d };
  delete rest.line;
  delete rest.column;
  return rest;
}

/** `options` go to validateTemplate (e.g. `children`, the lookup that also checks the templates workflow nodes call). */
export function validateWorkflow(input: ImportWorkflowInput, options: ValidateOptions = {}): WorkflowValidation {
  const imported = importWorkflow(input);
  const subject = imported.template ?? imported.raw;
  if (subject === undefined)
    return { ok: !hasErrors(imported.diagnostics), mode: "advanced", diagnostics: imported.diagnostics };
  const validation = validateTemplate(subject, options);
  // Without a template the validator repeats the schema errors (WF001) itself: keep one copy.
  const fromImport = imported.template ? imported.diagnostics : imported.diagnostics.filter((d) => d.code !== "WF001");
  // The model's line/column are positions inside a field's text (a reference in a prompt), not in
  // this file: drop them so the diagnostic is placed at the field or node in the source.
  const fromModel = validation.diagnostics.map(withoutPosition);
  const all = [...fromImport, ...fromModel];
  const diagnostics =
    extensionOf(input.filename) === ".json"
      ? locateJsonDiagnostics(input.text, subject, all)
      : locateDiagnostics(all, imported.locations);
  return {
    ok: !hasErrors(diagnostics),
    mode: validation.mode,
    diagnostics,
    ...(imported.template ? { template: imported.template } : {}),
  };
}
