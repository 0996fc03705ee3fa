/**
 * What one process may reach when it runs in the sandbox (docs/sandbox.md): its workspace (writable
 * or not), paths inside it kept read-only, extra paths it is shown, and whether it has a network.
 * Everything else follows the sandbox's own rules: the root filesystem read-only, a private /tmp
 * and process namespace, and the hidden paths (data folder, other runs, home folder) not there at all.
 */

/** A host path shown inside the sandbox at the same place. */
export interface Bind {
  path: string;
  /** Default false: read-only. */
  writable?: boolean;
  /**
   * Exists only for this one process (a file of large values): a sandbox prepared ahead for the
   * same mounts could not use it, so none is prepared.
   */
  transient?: boolean;
}

export interface Isolation {
  /** The folder the process works in; absent: it starts in its private /tmp. */
  workspace?: string;
  /** Whether the workspace is writable (false for tier `ro`). */
  writable: boolean;
  /** false: the process gets a network namespace of its own, with no interface but a down loopback. */
  network: boolean;
  /** Paths inside the workspace kept read-only (forbids_files that exist, `.git` below tier git). */
  readOnly?: readonly string[];
  /** More paths the process sees (an agent provider's config folder, git's configuration). */
  binds?: readonly Bind[];
  /** More paths it must not see (the engine's runs folder, when the process configuration does not name it). */
  hidden?: readonly string[];
}

/** A process that is not a node's (describe's agent call): no workspace, network on. */
export const NO_WORKSPACE: Isolation = { writable: false, network: true };
