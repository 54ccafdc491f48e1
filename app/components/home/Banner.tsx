import { ButtonLink } from "~/components/ui/Button";
import { HIGH_FETCH_PRIORITY } from "~/browser/fetch-priority";
import { ArrowRightIcon } from "~/components/icons";
import type { Banner as BannerData } from "~/services/catalog.server";

/**
 * A banner's words are HTML over its picture (the picture has none), so they stay readable on a
 * phone. A phone's box is taller than the picture's 8:3, so the picture covers it and is drawn
 * wider than the box: `sizes` says how wide, for the browser to pick a sharp enough width.
 */
export const HERO_IMAGE_SIZES = "(min-width: 1280px) 1232px, (min-width: 640px) calc(100vw - 48px), 704px";
const PROMOTION_IMAGE_SIZES = "(min-width: 768px) 600px, (min-width: 632px) calc(100vw - 32px), 600px";

interface BannerProps {
  banner: BannerData;
  /** The id of the banner's heading, unique on the page. */
  headingId: string;
}

interface BannerPictureProps {
  image: BannerData["image"];
  sizes: string;
  /** The width it is drawn at on a wide screen; the height follows from the pictures' 8:3. */
  width: number;
  /** The page's largest picture is fetched first; the others wait until they are near. */
  priority: "high" | "lazy";
  className?: string;
}

/** A banner's picture, covering the banner under its words: decoration, so no text of its own. */
function BannerPicture({ image, sizes, width, priority, className }: BannerPictureProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      alt=""
      width={width}
      height={Math.round((width * 3) / 8)}
      {...(priority === "high" ? HIGH_FETCH_PRIORITY : { loading: "lazy" as const })}
      className={["absolute inset-0 -z-10 size-full object-cover object-right", className].filter(Boolean).join(" ")}
    />
  );
}

function BannerText({ banner, headingId, hero }: BannerProps & { hero: boolean }) {
  return (
    <div
      className={
        hero ? "flex max-w-2xl flex-col justify-center gap-3 p-6 sm:p-8 lg:p-14" : "flex flex-col justify-end gap-2 p-5"
      }
    >
      <h2
        id={headingId}
        className={
          hero
            ? "text-2xl font-extrabold tracking-tight text-balance sm:text-3xl lg:text-5xl"
            : "text-xl font-extrabold tracking-tight text-balance"
        }
      >
        {banner.title}
      </h2>
      {banner.subtitle ? (
        <p className={hero ? "text-neutral-200 sm:text-lg" : "text-sm text-neutral-200"}>{banner.subtitle}</p>
      ) : null}
      {/* The link's box stretches over the whole banner (after:inset-0), so the picture is clickable too. */}
      <ButtonLink
        to={banner.link}
        variant="ball"
        size={hero ? "md" : "sm"}
        className="mt-2 w-fit after:absolute after:inset-0"
      >
        Ver más<span className="sr-only">: {banner.title}</span>
        <ArrowRightIcon className="size-4" />
      </ButtonLink>
    </div>
  );
}

/**
 * The first banner, across the top of the home page: the page's largest picture, so it is fetched
 * first (`fetchpriority`, and the route preloads it). The picture is decoration; its words are the text.
 * overflow-clip, not hidden: a scroll container would not grow past 8:3 for a long title.
 */
export function HeroBanner({ banner, headingId }: BannerProps) {
  return (
    <article
      aria-labelledby={headingId}
      className="on-dark relative isolate mt-8 flex min-h-64 overflow-clip rounded-2xl bg-[#06182f] text-white shadow-2xl shadow-black/40 ring-1 ring-white/10 sm:aspect-[8/3] sm:min-h-0 sm:rounded-3xl"
    >
      <BannerPicture image={banner.image} sizes={HERO_IMAGE_SIZES} width={1232} priority="high" />
      {/* Keeps the words readable wherever they fall on the picture: dark on the left, clear on the right. */}
      <div className="absolute inset-0 -z-10 bg-linear-to-r from-[#06182f]/95 via-[#06182f]/75 to-[#06182f]/20 sm:via-[#06182f]/55 sm:to-transparent" />
      <BannerText banner={banner} headingId={headingId} hero />
    </article>
  );
}

/** One of the smaller banners after the hero, three in a row on a wide screen. */
export function PromotionBanner({ banner, headingId }: BannerProps) {
  return (
    <article
      aria-labelledby={headingId}
      className="group on-dark relative isolate flex h-full min-h-56 overflow-clip rounded-2xl bg-[#06182f] text-white"
    >
      <BannerPicture
        image={banner.image}
        sizes={PROMOTION_IMAGE_SIZES}
        width={600}
        priority="lazy"
        className="transition-transform duration-500 group-hover:scale-105"
      />
      <div className="absolute inset-0 -z-10 bg-linear-to-t from-[#06182f]/95 via-[#06182f]/65 to-transparent" />
      <BannerText banner={banner} headingId={headingId} hero={false} />
    </article>
  );
}
