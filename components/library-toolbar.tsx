"use client";
/** The library's search box, tag and task-type filters and sort order (controlled). */

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
      <label className="field">
        Tag
        <select value={filter.tag} onChange={(e) => set({ tag: e.target.value })}>
          <option value="">All tags</option>
          {tags.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Task type
        <select value={filter.taskType} onChange={(e) => set({ taskType: e.target.value })}>
          <option value="">All task types</option>
          {taskTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        Sort by
        <select value={filter.sort} onChange={(e) => set({ sort: e.target.value as LibrarySort })}>
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input type="checkbox" checked={filter.deleted} onChange={(e) => set({ deleted: e.target.checked })} /> Show
        deleted
      </label>
    </div>
  );
}
