/** Trigger variables at save: undeclared ones and required ones without a value, named by field. */
import { describe, expect, it } from "vitest";
import { checkTriggerVariables } from "./check-trigger-variables";

const declared = {
  branch: { type: "string" as const, required: true },
  env: { type: "string" as const, required: true, default: "dev" },
  note: { type: "string" as const, required: false },
};

describe("checkTriggerVariables", () => {
  it("a schedule needs a value for each required variable without a default", () => {
    expect(checkTriggerVariables("schedule", { branch: "main" }, declared)).toEqual([]);
    expect(checkTriggerVariables("schedule", {}, declared)).toEqual([
      {
        field: "variables.branch",
        message: expect.stringMatching(/required by the template.*give the schedule a value/),
      },
    ]);
  });

  it("a webhook maps it; a variable the template does not declare is named", () => {
    expect(checkTriggerVariables("webhook", { branch: "{body.ref}" }, declared)).toEqual([]);
    expect(checkTriggerVariables("webhook", { branch: "{body.ref}", brnach: "{body.x}" }, declared)).toEqual([
      {
        field: "variables.brnach",
        message: 'the template declares no variable "brnach" (it declares branch, env, note)',
      },
    ]);
    expect(checkTriggerVariables("webhook", { branch: "{vars.x}" }, declared)[0]).toMatchObject({
      field: "variables.branch",
      message: /reads nothing from the request/,
    });
    expect(checkTriggerVariables("webhook", {}, declared)[0]!.message).toMatch(/map it from the request/);
  });
});
