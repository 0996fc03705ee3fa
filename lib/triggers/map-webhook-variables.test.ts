/** A webhook's request mapped into variables: body paths, headers, query, constants and bad input. */
import { describe, expect, it } from "vitest";
import { mapWebhookVariables, mappingProblems } from "./map-webhook-variables";

const req = (body: string, headers: Record<string, string> = {}, query: Record<string, string> = {}) => ({
  body,
  headers,
  query,
});
const push = JSON.stringify({ ref: "refs/heads/main", pr: { number: 42, draft: false }, commits: [{ id: "abc" }] });

describe("mapWebhookVariables", () => {
  it("reads dotted body paths (arrays by index), headers by lower-case name, query parameters", () => {
    const r = mapWebhookVariables(
      {
        branch: "{body.ref}",
        pr: "{body.pr.number}",
        draft: "{body.pr.draft}",
        first: "{body.commits.0.id}",
        event: "{headers.X-GitHub-Event}",
        env: "{query.env}",
        title: "PR #{body.pr.number} on {body.ref}",
        constant: "nightly",
        count: 3,
      },
      req(push, { "x-github-event": "push" }, { env: "staging" }),
    );
    expect(r).toEqual({
      ok: true,
      variables: {
        branch: "refs/heads/main",
        pr: 42,
        draft: false,
        first: "abc",
        event: "push",
        env: "staging",
        title: "PR #42 on refs/heads/main",
        constant: "nightly",
        count: 3,
      },
    });
  });

  it("an object keeps its JSON; the raw body is {body}; a missing value leaves the variable out", () => {
    const r = mapWebhookVariables(
      { pr: "{body.pr}", raw: "{body}", missing: "{body.nope}", half: "x {body.nope}", h: "{headers.none}" },
      req(push),
    );
    expect(r).toEqual({ ok: true, variables: { pr: JSON.stringify({ number: 42, draft: false }), raw: push } });
  });

  it("never walks into the prototype", () => {
    const r = mapWebhookVariables({ a: "{body.__proto__}", b: "{body.constructor}" }, req("{}"));
    expect(r).toEqual({ ok: true, variables: {} });
  });

  it("a body that is not JSON is refused only when a mapping reads {body.…}, naming the variable", () => {
    expect(mapWebhookVariables({ env: "{query.env}" }, req("not json", {}, { env: "x" }))).toEqual({
      ok: true,
      variables: { env: "x" },
    });
    const r = mapWebhookVariables({ branch: "{body.ref}" }, req("ref=main"));
    expect(r).toMatchObject({
      ok: false,
      variable: "branch",
      message: /variables\.branch reads \{body\.ref\} but the body is not JSON/,
    });
    expect(mapWebhookVariables({ branch: "{body.ref}" }, req(""))).toMatchObject({ ok: false, message: /empty/ });
  });

  it("mappingProblems names references that read nothing from the request", () => {
    expect(mappingProblems({ a: "{secrets.TOKEN}", b: "{headers}", c: "{body..x}", d: "{body.ok}", e: 1 })).toEqual([
      { variable: "a", message: expect.stringMatching(/reads nothing from the request/) },
      { variable: "b", message: "{headers} needs a name: {headers.<name>}" },
      { variable: "c", message: "{body..x} has an empty part in its path" },
    ]);
  });
});
