"use client";
/** Export buttons of a library card: fetch the latest version, convert with lib/formats, download. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { exportFileName } from "@/lib/formats/export-file-name";
import { EXPORT_FORMATS, exportWorkflow, type ExportFormat } from "@/lib/formats/export-workflow";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { downloadText } from "@/components/common/download-text";

const LABELS: Record<ExportFormat, string> = { json: "JSON", mermaid: "Mermaid", yaml: "YAML", ascii: "ASCII" };

export function LibraryExportMenu({ id, name }: { id: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const exportAs = async (format: ExportFormat) => {
    setError(undefined);
    try {
      const { template } = await queryClient.fetchQuery(trpc.template.get.queryOptions({ id }));
      downloadText(exportFileName(template.template_id, format), exportWorkflow(template, format));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <details>
      <summary>Export</summary>
      <div className="button-row" role="group" aria-label={`Export ${name}`}>
        {EXPORT_FORMATS.map((f) => (
          <button key={f} type="button" className="button" onClick={() => void exportAs(f)}>
            Download {LABELS[f]}
          </button>
        ))}
      </div>
      {error && <p role="alert">Export failed: {error}</p>}
    </details>
  );
}
