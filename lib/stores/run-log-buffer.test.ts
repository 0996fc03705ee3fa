import { describe, expect, it } from "vitest";
import { RunLogBuffer } from "./run-log-buffer";

describe("RunLogBuffer", () => {
  it("joins a line split across chunks, and never across streams or attempts", () => {
    const b = new RunLogBuffer();
    b.append("com", "stdout", 1, 1);
    b.append("piling\nnext", "stdout", 1, 2);
    b.append("oops\n", "stderr", 1, 3); // another stream starts its own line
    b.append(" line\n", "stdout", 1, 4); // the open stdout line was closed by the stderr line
    b.append("retry\n", "stdout", 2, 5);
    expect(b.lines.map((l) => [l.text, l.stream, l.attempt])).toEqual([
      ["compiling", "stdout", 1],
      ["next", "stdout", 1],
      ["oops", "stderr", 1],
      [" line", "stdout", 1],
      ["retry", "stdout", 2],
    ]);
    expect(b.text()).toBe("compiling\nnext\noops\n line\nretry");
  });

  it("keeps empty lines and 100k lines as they came", () => {
    const b = new RunLogBuffer();
    b.append("a\n\nb\n", "stdout", 1, 1);
    expect(b.lines.map((l) => l.text)).toEqual(["a", "", "b"]);
    const big = new RunLogBuffer();
    for (let i = 0; i < 1000; i++)
      big.append(Array.from({ length: 100 }, (_, k) => `l${i * 100 + k}\n`).join(""), "stdout", 1, i + 1);
    expect(big.lines).toHaveLength(100_000);
    expect(big.lines[99_999].text).toBe("l99999");
  });
});
