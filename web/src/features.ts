/** Parts of the shell that wait for a later issue; a disabled part renders nothing at all. */
export const features = {
  /** The file manager drawer (spec §2.2 sidebar); its icon appears once the manager exists. */
  fileManager: true,
} as const;
