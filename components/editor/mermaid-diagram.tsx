"use client";
/** Renders Mermaid text with the mermaid library, in the browser only (loaded on demand). */
import { useEffect, useId, useState } from "react";

export function MermaidDiagram({ text }: { text: string }) {
  const id = `mmd-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [svg, setSvg] = useState<string>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const mermaid = (await import("mermaid")).default;
        mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });
        const out = await mermaid.render(id, text);
        if (!cancelled) setSvg(out.svg);
      } catch (err) {
        if (!cancelled) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, text]);
  if (error) return <p role="alert">Mermaid could not render this diagram: {error}</p>;
  if (!svg) return <p className="muted">Rendering…</p>;
  // The SVG comes from mermaid with securityLevel "strict" (sanitised labels, no scripts).
  return <div className="mermaid-svg" data-testid="mermaid-svg" dangerouslySetInnerHTML={{ __html: svg }} />;
}
