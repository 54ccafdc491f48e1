import { cx } from "./cx";

const SIZES = { sm: { px: 56, look: "size-14 rounded-lg" }, md: { px: 64, look: "size-16 rounded-xl" } } as const;

/** A list row's small picture, beside its name (which says what it shows, so the picture is decorative). */
export function Thumbnail({ src, size = "md" }: { src: string; size?: keyof typeof SIZES }) {
  const { px, look } = SIZES[size];
  return (
    <img
      src={src}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      className={cx("shrink-0 bg-slate-100 object-cover", look)}
    />
  );
}
