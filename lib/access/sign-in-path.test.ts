/** `next` after sign-in stays on the site, in every spelling a browser would read as another one. */
import { describe, expect, it } from "vitest";
import { afterSignInPath, signInPath } from "./sign-in-path";

const SITE = "https://wf.example.com";
/** Where a browser on the site goes for a Location of `path` (WHATWG URL parsing, as browsers do). */
const landsOn = (path: string) => new URL(path, `${SITE}/login`).origin;

const HOSTILE = [
  "/\\evil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%255Cevil.example",
  "//evil.example",
  "///evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example",
  "/%09/evil.example",
  "/\n/evil.example",
  "/%0A/evil.example",
  "/\r\n/evil.example",
  "https://evil.example",
  "https:evil.example",
  "HTTPS://evil.example/",
  "javascript:alert(1)",
  "evil.example",
  " /\\evil.example",
  "/\u0000/evil.example",
  "%2F%2Fevil.example",
];

describe("sign-in paths", () => {
  it.each(HOSTILE)("%j never leads off the site", (next) => {
    const after = afterSignInPath(next);
    expect(after).toBe("/");
    expect(landsOn(after)).toBe(SITE);
    expect(signInPath(next)).toBe("/login");
  });

  it("a path on the site is kept, query and hash included; /login itself is not", () => {
    expect(afterSignInPath("/templates?tag=ops#top")).toBe("/templates?tag=ops#top");
    expect(afterSignInPath("/runs/run-1")).toBe("/runs/run-1");
    expect(signInPath("/templates?tag=ops")).toBe("/login?next=%2Ftemplates%3Ftag%3Dops");
    expect(afterSignInPath("/login?next=/x")).toBe("/");
    expect(afterSignInPath(undefined)).toBe("/");
    expect(afterSignInPath("/" + "a".repeat(3000))).toBe("/");
  });
});
