"use client";
/** `/templates/[id]`: the template's canvas, variables, versions and its exports (JSON, Mermaid, YAML, ASCII). */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { EXPORT_FORMATS, exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { toMermaid } from "@/lib/formats/to-mermaid";
import { useTRPC } from "@/lib/trpc/client";
import { MermaidDiagram } from "./mermaid-diagram";
import { RunForm } from "./run-form";
import { WorkflowCanvas } from "./workflow-canvas";

const FILE_EXT: Record<ExportFormat, string> = { json: "json", mermaid: "mmd", yaml: "yml", ascii: "txt" };
const TABS = ["canvas", "diagram", ...EXPORT_FORMATS] as const;
const TAB_LABELS: Record<(typeof TABS)[number], string> = {
  canvas: "Canvas",
  diagram: "Diagram",
  json: "JSON",
  mermaid: "Mermaid",
  yaml: "YAML",
  ascii: "ASCII",
};
type Tab = (typeof TABS)[number];

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

export function TemplateDetail({ id }: { id: string }) {
  const trpc = useTRPC();
  const [version, setVersion] = useState<number>();
  const [tab, setTab] = useState<Tab>("canvas");
  const [running, setRunning] = useState(false);
  const q = useQuery(trpc.template.get.queryOptions({ id, version }));
  if (q.isPending) return <p className="muted">Loading…</p>;
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  const { template, versions } = q.data;
  const vars = Object.entries(template.context_schema);
  return (
    <div className="page">
      <p className="muted small">
        <Link href="/templates">Templates</Link> / {template.template_id}
      </p>
      <div className="title-row">
        <h1>{template.name}</h1>
        <span className="badge">v{q.data.version}</span>
        <button className="button button-primary push-right" onClick={() => setRunning(!running)}>
          {running ? "Close" : "Run…"}
        </button>
      </div>
      {running && <RunForm templateId={q.data.id} template={template} />}
      <p className="muted">{template.description}</p>
      <div className="tags">
        {template.tags.map((t) => (
          <span key={t} className="tag">
            {t}
          </span>
        ))}
      </div>

      <div role="tablist" aria-label="Views" className="tabs">
        {TABS.map((t) => (
          <button key={t} role="tab" aria-selected={tab === t} className="tab" onClick={() => setTab(t)}>
            {TAB_LABELS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tab-panel">
        {tab === "canvas" && <WorkflowCanvas template={template} />}
        {tab === "diagram" && <MermaidDiagram text={toMermaid(template, { display: true })} />}
        {tab !== "canvas" && tab !== "diagram" && (
          <>
            <button
              className="button"
              onClick={() => download(`${template.template_id}.${FILE_EXT[tab]}`, exportWorkflow(template, tab))}
            >
              Download .{FILE_EXT[tab]}
            </button>
            <pre className="code" data-testid={`export-${tab}`}>
              {exportWorkflow(template, tab)}
            </pre>
          </>
        )}
      </div>

      <div className="columns">
        <section aria-labelledby="vars-heading">
          <h2 id="vars-heading">Variables</h2>
          {vars.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th>name</th>
                  <th>type</th>
                  <th>required</th>
                  <th>default</th>
                  <th>description</th>
                </tr>
              </thead>
              <tbody>
                {vars.map(([name, v]) => (
                  <tr key={name}>
                    <td>
                      <code>{name}</code>
                    </td>
                    <td>{String(v.type)}</td>
                    <td>{v.required ? "yes" : "no"}</td>
                    <td>{v.default === undefined ? "" : String(v.default)}</td>
                    <td>{String(v.description ?? "")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section aria-labelledby="versions-heading">
          <h2 id="versions-heading">Versions</h2>
          <ul className="versions">
            {versions.map((v) => (
              <li key={v.version}>
                <button
                  className={`link-button ${v.version === q.data.version ? "current" : ""}`}
                  onClick={() => setVersion(v.version)}
                >
                  v{v.version}
                </button>{" "}
                <span className="muted small">
                  {new Date(v.createdAt).toLocaleString()} · {v.hash.slice(7, 19)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
