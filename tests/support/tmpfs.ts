import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A small file system of a test's own that it can fill up, for what a full disk does to the store
 * (issue 31, item 7): a tmpfs mounted on a new folder, which needs Linux and root (CI runs as root
 * on Debian).
 */
export interface SmallDisk {
  dir: string;
  /** Takes every free byte with one file. */
  fill(): void;
  /** Removes that file again. */
  free(): void;
  unmount(): void;
}

/** Grows `file` until its file system has no byte left. */
export function fillDisk(file: string): void {
  const fd = openSync(file, "a");
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  try {
    // The last write that fits only in part is short; the one after it fails.
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

/** Why no tmpfs can be mounted here, or null when one can (tried once, on a 1 MiB one). */
export function tmpfsUnavailable(): string | null {
  if (process.platform !== "linux") return "solo en Linux (tmpfs)";
  if (process.getuid?.() !== 0) return "hace falta ser root para montar un tmpfs";
  try {
    mountTmpfs(1).unmount();
    return null;
  } catch (error) {
    return `no se pudo montar un tmpfs: ${(error as Error).message}`;
  }
}

export function mountTmpfs(sizeMb: number): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), "mp-disco-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir], { stdio: "pipe" });
  const filler = path.join(dir, "relleno");
  let mounted = true;
  return {
    dir,
    fill: () => fillDisk(filler),
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      if (!mounted) return;
      // Lazily, should a process the test started still hold a file there.
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      mounted = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
