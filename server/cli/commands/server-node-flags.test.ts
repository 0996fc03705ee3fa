import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-node-flags";

describe("serverNodeFlags", () => {
  it("bounds V8's heap growth by default; WF_SERVER_NODE_FLAGS replaces the flags, empty for none", () => {
    expect(serverNodeFlags({})).toEqual(["--heap-growing-percent=50"]);
    expect(serverNodeFlags({ WF_SERVER_NODE_FLAGS: "--max-semi-space-size=32  --trace-gc" })).toEqual([
      "--max-semi-space-size=32",
      "--trace-gc",
    ]);
    expect(serverNodeFlags({ WF_SERVER_NODE_FLAGS: "" })).toEqual([]);
  });
});
