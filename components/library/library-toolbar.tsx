"use client";
/** The library's search box, tag and task-type filters and sort order (controlled). */
import { ChoiceSelect } from "./library-choice-select";

export type LibrarySort = "updated" | "name" | "runs";

export interface LibraryFilter {
  search: string;
  tag: string;
  taskType: string;
  sort: LibrarySort;
  /** Deleted templates instead of the live library (to restore one). */
  deleted: boolean;
}

export const EMPTY_LIBRARY_FILTER: LibraryFilter = {
  search: "",
  tag: "",
  taskType: "",
  sort: "updated",
  deleted: false,
};

const SORTS: { value: LibrarySort; label: string }[] = [
  { value: "updated", label: "Last updated" },
  { value: "name", label: "Name" },
  { value: "runs", label: "Most runs" },
];

export function LibraryToolbar({
  filter,
  onChange,
  tags,
  taskTypes,
}: {
  filter: LibraryFilter;
  onChange: (next: LibraryFilter) => void;
  tags: readonly string[];
  taskTypes: readonly string[];
}) {
  const set = (patch: Partial<LibraryFilter>) => onChange({ ...filter, ...patch });
  return (
    <div role="search" className="button-row" aria-label="Find templates">
      <label className="field">
        Search templates
        <input
          type="search"
          style={{ minWidth: 300 }}
          value={filter.search}
          placeholder="name, description, tag or node name"
          onChange={(e) => set({ search: e.target.value })}
        />
      </label>
      <ChoiceSelect
        label="Tag"
        value={filter.tag}
        onChange={(tag) => set({ tag })}
        choices={[{ value: "", label: "All tags" }, ...tags.map((t) => ({ value: t, label: t }))]}
      />
      <ChoiceSelect
        label="Task type"
        value={filter.taskType}
        onChange={(taskType) => set({ taskType })}
        choices={[{ value: "", label: "All task types" }, ...taskTypes.map((t) => ({ value: t, label: t }))]}
      />
      <ChoiceSelect
        label="Sort by"
        value={filter.sort}
        onChange={(sort) => set({ sort: sort as LibrarySort })}
        choices={SORTS}
      />
      <label>
        <input type="checkbox" checked={filter.deleted} onChange={(e) => set({ deleted: e.target.checked })} /> Show
        deleted
      </label>
    </div>
  );
}
