"use client";
/** The `/templates` library: find (search, filters, sort), import, and act on templates with undo. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { LibraryCardItem } from "./library-card";
import { LibraryImport } from "./library-import";
import { useCan } from "@/components/app-shell/session-provider";
import { LibraryToast } from "./library-toast";
import { EMPTY_LIBRARY_FILTER, LibraryToolbar, type LibraryFilter } from "./library-toolbar";
import { TemplateList } from "@/components/library/template-list";

interface Toast {
  message: string;
  undo?: () => void;
}

export function LibraryView() {
  const canEdit = useCan("editor");
  const canRestore = useCan("admin");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<LibraryFilter>(EMPTY_LIBRARY_FILTER);
  // The list follows the filter 200 ms after the last keystroke (one request per pause, not per key).
  const [deferred, setDeferred] = useState<LibraryFilter>(EMPTY_LIBRARY_FILTER);
  useEffect(() => {
    const timer = setTimeout(() => setDeferred(filter), filter.search === deferred.search ? 0 : 200);
    return () => clearTimeout(timer);
  }, [filter, deferred.search]);
  const [toast, setToast] = useState<Toast | null>(null);
  const [busyId, setBusyId] = useState<string>();
  const facets = useQuery(trpc.template.facets.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.template.pathKey() });
  const closeToast = useCallback(() => setToast(null), []);

  const remove = useMutation(trpc.template.delete.mutationOptions());
  const restore = useMutation(trpc.template.restore.mutationOptions());
  const duplicate = useMutation(trpc.template.duplicate.mutationOptions());

  const act = async (item: LibraryCardItem, run: () => Promise<Toast>) => {
    setBusyId(item.id);
    try {
      setToast(await run());
    } catch (err) {
      setToast({ message: `Failed: ${err instanceof Error ? err.message : String(err)}` });
    } finally {
      setBusyId(undefined);
      await refresh();
    }
  };

  const onRestore = (item: LibraryCardItem) =>
    act(item, async () => {
      await restore.mutateAsync({ id: item.id });
      return { message: `Restored “${item.name}”.` };
    });

  const onDelete = (item: LibraryCardItem) =>
    act(item, async () => {
      await remove.mutateAsync({ id: item.id });
      return {
        message: `Deleted “${item.name}”.`,
        // Restoring is an admin's (docs/api.md, `template.restore`): an editor's delete has no undo.
        ...(canRestore ? { undo: () => void onRestore(item) } : {}),
      };
    });

  const onDuplicate = (item: LibraryCardItem) =>
    act(item, async () => {
      const copy = await duplicate.mutateAsync({ id: item.id });
      return { message: `Duplicated as ${copy.template_id}.` };
    });

  return (
    <>
      <div className="title-row">
        <LibraryToolbar
          filter={filter}
          onChange={setFilter}
          tags={facets.data?.tags ?? []}
          taskTypes={facets.data?.taskTypes ?? []}
        />
        {canEdit && (
          <div className="push-right">
            <LibraryImport />
          </div>
        )}
      </div>
      {deferred.deleted ? (
        <TemplateList filter={deferred} busyId={busyId} onRestore={canRestore ? onRestore : undefined} />
      ) : (
        <TemplateList
          filter={deferred}
          busyId={busyId}
          onDelete={canEdit ? onDelete : undefined}
          onDuplicate={canEdit ? onDuplicate : undefined}
        />
      )}
      {toast && (
        <LibraryToast
          message={toast.message}
          actionLabel={toast.undo ? "Undo" : undefined}
          onAction={
            toast.undo
              ? () => {
                  const undo = toast.undo!;
                  setToast(null);
                  undo();
                }
              : undefined
          }
          onClose={closeToast}
        />
      )}
    </>
  );
}
