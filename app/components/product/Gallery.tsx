import { useRef, useState, type MouseEvent } from "react";
import type { ProductPhoto } from "~/services/catalog.server";
import { BallIcon } from "~/components/icons";
import { HIGH_FETCH_PRIORITY } from "~/browser/fetch-priority";

/**
 * Product photos in a scroll-snap strip with thumbnails. Without JavaScript the thumbnails are
 * anchors to each photo; with it they slide the strip without moving the page.
 */
export function Gallery({ photos, name }: { photos: ProductPhoto[]; name: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  if (photos.length === 0) {
    return (
      <div className="grid aspect-square place-items-center rounded-3xl bg-neutral-100 text-neutral-500">
        <div className="text-center">
          <BallIcon className="mx-auto size-16 opacity-60" />
          <p className="mt-3 text-sm">Sin imágenes</p>
        </div>
      </div>
    );
  }

  function show(index: number, event: MouseEvent<HTMLAnchorElement>) {
    const track = strip.current;
    if (!track) return;
    event.preventDefault();
    track.scrollTo({ left: index * track.clientWidth, behavior: "smooth" });
    setCurrent(index);
  }

  function onScroll() {
    const track = strip.current;
    if (track && track.clientWidth > 0) setCurrent(Math.round(track.scrollLeft / track.clientWidth));
  }

  return (
    <div>
      <div
        ref={strip}
        onScroll={onScroll}
        className="flex aspect-square snap-x snap-mandatory overflow-x-auto rounded-3xl bg-neutral-100 [scrollbar-width:none]"
        tabIndex={photos.length > 1 ? 0 : undefined}
        role={photos.length > 1 ? "region" : undefined}
        aria-label={photos.length > 1 ? `Fotos de ${name}` : undefined}
      >
        {photos.map((photo, index) => (
          <img
            key={photo.src}
            id={`foto-${index + 1}`}
            src={photo.src}
            srcSet={photo.srcSet}
            sizes="(min-width: 1024px) 600px, 100vw"
            width={800}
            height={800}
            loading={index === 0 ? "eager" : "lazy"}
            // The first photo is the page's largest paint.
            {...(index === 0 ? HIGH_FETCH_PRIORITY : {})}
            alt={photos.length > 1 ? `${name}, foto ${index + 1} de ${photos.length}` : name}
            className="size-full shrink-0 snap-center object-contain p-6"
          />
        ))}
      </div>
      {photos.length > 1 ? (
        <ul className="mt-4 flex gap-3 overflow-x-auto pb-1" aria-label="Miniaturas">
          {photos.map((photo, index) => (
            <li key={photo.src} className="shrink-0">
              <a
                href={`#foto-${index + 1}`}
                onClick={(event) => show(index, event)}
                aria-current={index === current ? "true" : undefined}
                className="block overflow-hidden rounded-xl border-2 border-transparent bg-neutral-100 aria-[current=true]:border-ink"
              >
                <img
                  src={photo.thumbnail}
                  alt={`Ver foto ${index + 1}`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 object-contain p-1"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
