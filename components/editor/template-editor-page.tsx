"use client";
/** `/templates/[id]`: the editor on the latest version of a saved template, with its versions. */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC, useTRPCClient } from "@/lib/trpc/client";
import type { Template } from "@/lib/workflow/template-schema";
import { EditorProvider, useEditorStore } from "./editor-provider";
import { RestoredDraftBanner } from "./restored-draft-banner";
import { readLocalDraft } from "./use-local-draft";
import { useIsClient } from "./use-is-client";
import { WorkflowEditor } from "./workflow-editor";

function Versions({ id }: { id: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const store = useEditorStore();
  const [opening, setOpening] = useState<number | null>(null);
  const q = useQuery(trpc.template.get.queryOptions({ id }));
  const versions = q.data?.versions ?? [];
  const open = async (version: number) => {
    setOpening(version);
    try {
      const { template } = await client.template.get.query({ id, version });
      if (store.getState().edit(() => template as Template))
        store
          .getState()
          .notify("info", `Opened version ${version} in the editor: Save makes it the latest version, Undo goes back.`);
    } catch (err) {
      store
        .getState()
        .notify("error", `Version ${version} could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setOpening(null);
    }
  };
  return (
    <section className="versions-panel" aria-labelledby="versions-heading">
      <h2 id="versions-heading" className="panel-title">
        Versions
      </h2>
      <ul className="versions">
        {[...versions].reverse().map((v) => (
          <li key={v.version}>
            <button
              type="button"
              className="link-button"
              onClick={() => void open(v.version)}
              disabled={opening !== null}
            >
              v{v.version}
            </button>{" "}
            {(v as { draft?: boolean }).draft && <span className="badge badge-warn">draft</span>}{" "}
            <span className="muted small">{new Date(v.createdAt).toLocaleString()}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TemplateEditorPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const isClient = useIsClient();
  const q = useQuery(trpc.template.get.queryOptions({ id }, { staleTime: Infinity, refetchOnWindowFocus: false }));
  if (q.isPending || !isClient) return <p className="muted">Loading…</p>;
  if (q.isError) return <p role="alert">{q.error.message}</p>;
  const local = readLocalDraft(q.data.id);
  return (
    <EditorProvider
      key={q.data.id}
      template={local?.template ?? q.data.template}
      saved={local ? q.data.template : undefined}
      templateId={q.data.id}
      version={q.data.version}
    >
      {local && <RestoredDraftBanner savedAt={local.savedAt} server={q.data.template} storageId={q.data.id} />}
      <WorkflowEditor storageId={q.data.id} sidebar={<Versions id={q.data.id} />} />
    </EditorProvider>
  );
}
