"use client";
/**
 * The text views' panels (Mermaid rendered + editable source, YAML, JSON, ASCII), loaded when a
 * text tab is first opened: the exporters and the yaml library stay out of the canvas's first load.
 */
import { useMemo } from "react";
import { exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { toMermaid } from "@/lib/formats/to-mermaid";
import { MermaidDiagram } from "@/components/mermaid-diagram";
import { useEditor } from "./editor-provider";
import { TextSourceView } from "./text-source-view";
import type { ViewTab } from "./text-views";

const FILE_EXT: Record<ExportFormat, string> = { json: "json", mermaid: "mmd", yaml: "yml", ascii: "txt" };

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

function AsciiView() {
  const draft = useEditor((s) => s.draft);
  const text = useMemo(() => exportWorkflow(draft, "ascii"), [draft]);
  return (
    <pre className="code" data-testid="export-ascii">
      {text}
    </pre>
  );
}

function ExportPanel({ format }: { format: ExportFormat }) {
  const draft = useEditor((s) => s.draft);
  return (
    <div className="export-panel">
      <button
        type="button"
        className="button button-small"
        onClick={() => download(`${draft.template_id}.${FILE_EXT[format]}`, exportWorkflow(draft, format))}
      >
        Download .{FILE_EXT[format]}
      </button>
      {format === "ascii" ? <AsciiView /> : <TextSourceView format={format} />}
    </div>
  );
}

function MermaidPanel() {
  const draft = useEditor((s) => s.draft);
  const small = draft.nodes.length > 0 && draft.nodes.length <= 300;
  const diagram = useMemo(() => (small ? toMermaid(draft, { display: true }) : ""), [draft, small]);
  return (
    <div className="mermaid-panel">
      {small ? (
        <MermaidDiagram text={diagram} />
      ) : (
        <p className="muted small">The diagram is drawn for workflows of 1 to 300 nodes.</p>
      )}
      <ExportPanel format="mermaid" />
    </div>
  );
}

/** The panel of one text tab. */
export default function TextViewPanel({ tab }: { tab: Exclude<ViewTab, "canvas"> }) {
  return tab === "mermaid" ? <MermaidPanel /> : <ExportPanel format={tab} />;
}
