"use client";
/**
 * The text views' panels (Mermaid rendered + editable source, YAML, JSON, ASCII), loaded when a
 * text tab is first opened: the exporters and the yaml library stay out of the canvas's first load.
 */
import { useMemo } from "react";
import { exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { toMermaid } from "@/lib/formats/to-mermaid";
import { downloadText } from "@/components/common/download-text";
import { MermaidDiagram } from "@/components/editor/mermaid-diagram";
import { exportFileName } from "@/lib/formats/export-file-name";
import { useEditor } from "./editor-provider";
import { TextSourceView } from "./text-source-view";
import type { ViewTab } from "./text-views";

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
  const fileName = exportFileName(draft.template_id, format);
  return (
    <div className="export-panel">
      <button
        type="button"
        className="button button-small"
        onClick={() => downloadText(fileName, exportWorkflow(draft, format))}
      >
        Download {fileName}
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
