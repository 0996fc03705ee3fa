"use client";
/** Text with ANSI colour codes rendered as coloured spans (anser parses; nothing becomes HTML). */
import Anser from "anser";
import { memo } from "react";

export const AnsiText = memo(function AnsiText({ text }: { text: string }) {
  if (!text.includes("\u001b")) return <>{text || " "}</>;
  return (
    <>
      {Anser.ansiToJson(text, { remove_empty: true }).map((part, i) => (
        <span
          key={i}
          style={{
            color: part.fg ? `rgb(${part.fg})` : undefined,
            background: part.bg ? `rgb(${part.bg})` : undefined,
            fontWeight: part.decorations.includes("bold") ? 600 : undefined,
          }}
        >
          {part.content}
        </span>
      ))}
    </>
  );
});
