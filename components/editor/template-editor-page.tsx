"use client";
/** `/templates/[id]`: the editor on the latest version of a saved template, with its versions. */
import { useQuery } from "@tanstack/react-query";
import { useCallback, type ReactNode } from "react";
import { diffHighlight } from "@/lib/canvas/diff-highlight";
import { useTRPC, useTRPCClient } from "@/components/app-shell/trpc-react-provider";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import type { TemplateDiff } from "@/lib/workflow/versions/diff-templates";
import type { Template } from "@/lib/workflow/model/template-schema";
import { VersionHistory } from "@/components/library/version-history";
import { EditorProvider, useEditor, useEditorStore } from "./editor-provider";
import { RestoredDraftBanner } from "./restored-draft-banner";
import { readLocalDraft } from "./use-local-draft";
import { useIsClient } from "./use-is-client";
import { WorkflowEditor } from "./workflow-editor";

/** The version history (diff of any two, highlighted on the canvas); opening a version loads it into the draft. */
function Versions({ id }: { id: string }) {
  const client = useTRPCClient();
  const store = useEditorStore();
  const version = useEditor((s) => s.version);
  const open = useCallback(
    async (v: number) => {
      try {
        const { template } = await client.template.get.query({ id, version: v });
        if (store.getState().edit(() => template as Template))
          store
            .getState()
            .notify("info", `Opened version ${v} in the editor: Save makes it the latest version, Undo goes back.`);
      } catch (err) {
        store
          .getState()
          .notify("error", `Version ${v} could not be opened: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
    [client, id, store],
  );
  const highlight = useCallback(
    (diff: TemplateDiff | null) => store.getState().setHighlight(diff ? diffHighlight(diff) : null),
    [store],
  );
  return (
    <div className="versions-panel">
      <VersionHistory
        id={id}
        currentVersion={version ?? 1}
        onOpenVersion={(v) => void open(v)}
        onHighlight={highlight}
      />
    </div>
  );
}

/** What `template.get` answers (passed from the server page as the query's first data). */
export type TemplateGetResult = RouterOutputs["template"]["get"];

export function TemplateEditorPage({
  id,
  run,
  initial,
  tabs,
}: {
  id: string;
  run?: boolean;
  initial?: TemplateGetResult;
  /** The template page's tabs, shown in the editor bar. */
  tabs?: ReactNode;
}) {
  const trpc = useTRPC();
  const isClient = useIsClient();
  const q = useQuery(
    trpc.template.get.queryOptions({ id }, { staleTime: Infinity, refetchOnWindowFocus: false, initialData: initial }),
  );
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
      <WorkflowEditor
        storageId={q.data.id}
        versions={<Versions id={q.data.id} />}
        initialRunOpen={run}
        tabs={tabs}
        banner={
          local && (
            <RestoredDraftBanner
              savedAt={local.savedAt}
              server={q.data.template}
              storageId={q.data.id}
              staleFrom={
                local.baseVersion !== q.data.version ? { base: local.baseVersion, latest: q.data.version } : undefined
              }
            />
          )
        }
      />
    </EditorProvider>
  );
}
