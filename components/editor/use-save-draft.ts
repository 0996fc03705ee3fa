"use client";
/**
 * Save: `template.save` writes a new version only when the content changed ("No changes"
 * otherwise); a template with errors is kept as a draft version. A first save on /compose moves to
 * the template's own page.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { templateIdFor } from "@/lib/workflow/versions/template-identity";
import { useCallback } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { EditorStore } from "@/lib/stores/editor-store";
import { hasErrors } from "@/lib/workflow/model/diagnostic";
import { clearLocalDraft } from "./use-local-draft";

export function useSaveDraft(store: EditorStore) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useMutation(trpc.template.save.mutationOptions());

  /** Saves the current draft; resolves to the saved id, or null when saving failed (and says why). */
  const save = useCallback(async (): Promise<string | null> => {
    const s = store.getState();
    const wasNew = s.templateId === null;
    // A new workflow still carrying the id /compose gave "Untitled workflow" is saved under an id from
    // its own name: otherwise every new workflow saved that day would be a version of the same template.
    const template =
      wasNew && s.draft.template_id === templateIdFor("Untitled workflow") && s.draft.name !== "Untitled workflow"
        ? { ...s.draft, template_id: templateIdFor(s.draft.name) }
        : s.draft;
    if (template !== s.draft) store.setState({ draft: template });
    try {
      const result = await mutateAsync({ ...(s.templateId ? { id: s.templateId } : {}), template });
      const draft = (result as { draft?: boolean }).draft ?? hasErrors(store.getState().diagnostics);
      store.getState().markSaved(template, result.id, result.version);
      store
        .getState()
        .notify(
          "info",
          result.changed
            ? `Saved version ${result.version}${draft ? " as a draft: it has errors, so it cannot run until they are fixed" : ""}.`
            : "No changes: the library already has this version.",
        );
      clearLocalDraft(wasNew ? null : result.id);
      void queryClient.invalidateQueries({ queryKey: trpc.template.pathKey() });
      if (wasNew) router.replace(`/templates/${encodeURIComponent(result.id)}`);
      return result.id;
    } catch (err) {
      store.getState().notify("error", `Not saved: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }, [store, mutateAsync, queryClient, trpc, router]);
  return { save, saving: isPending };
}
