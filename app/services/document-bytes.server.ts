import { Transform } from "node:stream";
import { AFTER_FIRST_PAINT } from "~/browser/after-first-paint";

/**
 * React 18.3's renderToPipeableStream sends a whole 2 KB buffer, zero bytes and all, when the next
 * character does not fit at its end, then that character in the next buffer (facebook/react#31134,
 * fixed in React 19): an accent at that boundary reached the browser as "Administraci\0ón", which
 * broke the admin menu's name. A zero byte is U+0000 in UTF-8 and nothing else, and no page text
 * carries one, so the padding is dropped on its way out.
 */
function withoutZeroBytes(chunk: Buffer): Buffer {
  return chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk;
}

/** Each byte string the document leaves with, and what it leaves as. */
const HELD_BACK: [Buffer, Buffer][] = [
  [Buffer.from('rel="modulepreload"'), Buffer.from(`rel="${AFTER_FIRST_PAINT.rel}"`)],
  [Buffer.from('type="module"'), Buffer.from(`type="${AFTER_FIRST_PAINT.type}"`)],
];
const LONGEST_HELD_BACK = Math.max(...HELD_BACK.map(([from]) => from.length));

/** Where the next byte string to hold back begins, from `start` on, and which one it is. */
function nextHeldBack(
  heldBack: [Buffer, Buffer][],
  bytes: Buffer,
  start: number,
): { at: number; from: Buffer; to: Buffer } | null {
  let next: { at: number; from: Buffer; to: Buffer } | null = null;
  for (const [from, to] of heldBack) {
    const at = bytes.indexOf(from, start);
    if (at !== -1 && (next === null || at < next.at)) next = { at, from, to };
  }
  return next;
}

/**
 * Remix's `<Scripts>` preloads every module of the page and runs them from a module script; a
 * browser fetches module preloads at high priority, as high as the first photo, and starts them
 * before the page is drawn. On a slow phone network the scripts (comfort only: every page works
 * without them) took the bandwidth the first paint and photo needed. `<Scripts>` takes no
 * attribute for them, so on the document's way out their `rel` and `type` say values the browser
 * ignores, and `PageScripts` starts real copies after the first paint (docs/decisions/0019).
 * Nothing else carries these bytes: React escapes quotes in text and attribute values, the data in
 * scripts is JSON (its quotes escaped), and PageScripts' own script writes them apart.
 *
 * Development leaves them as they are: React's development build compares attributes while it
 * hydrates and would warn about every page.
 *
 * A string can be cut between two chunks: the last bytes that could begin one wait for the next chunk.
 */
export function documentBytes({ holdScriptsBack }: { holdScriptsBack: boolean }): Transform {
  const heldBack = holdScriptsBack ? HELD_BACK : [];
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = Buffer.concat([held, withoutZeroBytes(chunk)]);
      const parts: Buffer[] = [];
      let start = 0;
      for (let next = nextHeldBack(heldBack, bytes, 0); next !== null; next = nextHeldBack(heldBack, bytes, start)) {
        parts.push(bytes.subarray(start, next.at), next.to);
        start = next.at + next.from.length;
      }
      const keepFrom = Math.max(start, bytes.length - (LONGEST_HELD_BACK - 1));
      parts.push(bytes.subarray(start, keepFrom));
      held = Buffer.from(bytes.subarray(keepFrom));
      done(null, Buffer.concat(parts));
    },
    flush(done) {
      done(null, held);
    },
  });
}
