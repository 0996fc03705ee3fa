import { describe, expect, it } from "vitest";
import { parseNoteMarkdown, parseSpans } from "./note-markdown";

describe("sticky note markdown", () => {
  it("reads headings, list items, paragraphs and inline marks", () => {
    expect(parseNoteMarkdown("# Why\n- **A** first\n- then `b`\n\nplain *words* here")).toEqual([
      { kind: "heading", level: 1, spans: [{ kind: "text", text: "Why" }] },
      {
        kind: "item",
        spans: [
          { kind: "bold", text: "A" },
          { kind: "text", text: " first" },
        ],
      },
      {
        kind: "item",
        spans: [
          { kind: "text", text: "then " },
          { kind: "code", text: "b" },
        ],
      },
      {
        kind: "para",
        spans: [
          { kind: "text", text: "plain " },
          { kind: "italic", text: "words" },
          { kind: "text", text: " here" },
        ],
      },
    ]);
  });

  it("links only to the web; markup and emoji stay the characters typed", () => {
    expect(parseSpans("[docs](https://example.test/x)")).toEqual([
      { kind: "link", text: "docs", href: "https://example.test/x" },
    ]);
    expect(parseSpans("[x](javascript:alert(1))")[0].kind).toBe("text");
    expect(parseNoteMarkdown("<img src=x onerror=alert(1)> 🎉")).toEqual([
      { kind: "para", spans: [{ kind: "text", text: "<img src=x onerror=alert(1)> 🎉" }] },
    ]);
    expect(parseNoteMarkdown("x".repeat(10_000))[0].spans[0].text).toHaveLength(10_000);
  });
});
