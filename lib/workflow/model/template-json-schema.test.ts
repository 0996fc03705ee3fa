import { describe, expect, it } from "vitest";
import * as z from "zod";
import committed from "./template.schema.json";
import { templateJsonSchema } from "./template-json-schema";

describe("template.schema.json", () => {
  it("is the committed output of the zod schema (run npm run schema:json after a schema change)", () => {
    expect(committed).toEqual(templateJsonSchema());
  });

  it("describes the node types as a discriminated union and keeps extra fields open", () => {
    const schema = templateJsonSchema() as {
      required: string[];
      properties: { nodes: { items: { oneOf?: unknown[]; anyOf?: unknown[] } } };
    };
    expect(schema.required).toEqual(expect.arrayContaining(["template_id", "name", "nodes"]));
    const variants = schema.properties.nodes.items.oneOf ?? schema.properties.nodes.items.anyOf ?? [];
    expect(variants).toHaveLength(9);
  });

  it("accepts phases as plain names as well as { name, description } (normalizeTemplate maps them)", () => {
    const schema = templateJsonSchema() as { properties: { phases: { items: { anyOf: { type: string }[] } } } };
    expect(schema.properties.phases.items.anyOf.map((s) => s.type)).toEqual(["string", "object"]);
  });

  it("accepts a workflow node (template, version, inputs) and template outputs, and refuses wrong shapes", () => {
    // Read back from the committed JSON text, as an editor would, not from the zod schema.
    const validator = z.fromJSONSchema(committed as unknown as Parameters<typeof z.fromJSONSchema>[0]);
    const call = { id: "W", name: "Deploy", type: "workflow", template: "release-flow", inputs: { env: "{env}" } };
    const t = { template_id: "p", name: "P", nodes: [{ ...call, version: 3 }], outputs: { report: "{W.output}" } };
    expect(validator.safeParse(t).success).toBe(true);
    expect(validator.safeParse({ ...t, nodes: [{ ...call, version: "v3" }] }).success).toBe(true);
    expect(validator.safeParse({ ...t, nodes: [call] }).success).toBe(true);
    expect(validator.safeParse({ ...t, outputs: { report: 1 } }).success).toBe(false);
    expect(validator.safeParse({ ...t, nodes: [{ ...call, inputs: { env: 2 } }] }).success).toBe(false);
    expect(validator.safeParse({ ...t, nodes: [{ ...call, version: true }] }).success).toBe(false);
  });
});
