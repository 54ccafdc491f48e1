import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  FOOT_LENGTH_FIELD_LABEL,
  FOOT_LENGTH_HINT,
  FOOT_LENGTH_PARAM,
  formatCm,
  guideRowSize,
  parseFootLength,
  SIZE_GUIDE_TITLE,
  SIZE_GUIDES,
  sizeAdviceText,
  sizeForFoot,
  type ClothingRow,
  type ShoeGuide,
  type ShoeRow,
  type SizeGuideId,
} from "#contract/size-guides";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { Input } from "~/components/ui/Input";
import { Table } from "~/components/ui/Table";

/**
 * A product's size guide (issue 36): its table, with the product's own sizes picked out and their
 * stock, and for shoes the foot length form that names the size to choose. The same component is
 * the guide's page (/product/details/{slug}/size-guide, a GET form without JavaScript) and the
 * product page's dialog, which answers as the shopper types.
 */

type ProductSizes = readonly { size: string; stock: number }[];

export interface SizeGuideProps {
  guideId: SizeGuideId;
  sizes: ProductSizes;
  /** The guide's page: where the foot length form goes without JavaScript. */
  action: string;
  /** The foot length the address carries (`?pie=`); null when none was asked. */
  foot: string | null;
  /** Ids of this guide's elements: the page and the dialog never show two at once, but keep them apart. */
  idPrefix: string;
}

/** The product's stock in a row's size, or null when the product is not sold in it. */
function stockIn(sizes: ProductSizes, size: string): number | null {
  return sizes.find((entry) => entry.size.trim().toUpperCase() === size.toUpperCase())?.stock ?? null;
}

/** The product's stock in a size: its count (said in full to screen readers), «Agotada», or not sold in it. */
function StockCell({ stock }: { stock: number | null }) {
  if (stock === null)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No se vende</span>
      </>
    );
  if (stock === 0) return <span className="text-slate-700">Agotada</span>;
  // The count alone keeps the table within a phone's width.
  return (
    <span className="font-semibold text-lime-900">
      {stock}
      <span className="sr-only"> {stock === 1 ? "disponible" : "disponibles"}</span>
    </span>
  );
}

const range = ([from, to]: readonly [number, number]) => `${formatCm(from)}–${formatCm(to)}`;

function GuideTable({ guideId, sizes }: { guideId: SizeGuideId; sizes: ProductSizes }) {
  const guide = SIZE_GUIDES[guideId];
  const stockColumn = {
    header: "En este producto",
    cell: (row: ShoeRow | ClothingRow) => <StockCell stock={stockIn(sizes, guideRowSize(row))} />,
  };
  const highlight = (row: ShoeRow | ClothingRow) =>
    stockIn(sizes, guideRowSize(row)) === null ? undefined : "bg-lime-50";
  const caption = `${guide.name}: medidas de cada talla; resaltadas, las tallas de este producto con su stock.`;
  const common = {
    caption,
    look: "compact" as const,
    rowKey: guideRowSize,
    rowClassName: highlight,
    testIds: { row: "guia-fila" },
  };
  return guide.kind === "calzado" ? (
    <Table<ShoeRow>
      {...common}
      rows={[...guide.rows]}
      columns={[
        { header: "Talla EU", cell: (row) => row.eu, rowHeader: true },
        { header: "UK", cell: (row) => row.uk },
        { header: "US", cell: (row) => row.us },
        { header: "Pie hasta (cm)", cell: (row) => formatCm(row.footCm), align: "end" },
        stockColumn,
      ]}
    />
  ) : (
    <Table<ClothingRow>
      {...common}
      rows={[...guide.rows]}
      columns={[
        { header: "Talla", cell: (row) => row.size, rowHeader: true },
        { header: "Pecho (cm)", cell: (row) => range(row.chestCm) },
        { header: "Cintura (cm)", cell: (row) => range(row.waistCm) },
        { header: "Cadera (cm)", cell: (row) => range(row.hipCm) },
        stockColumn,
      ]}
    />
  );
}

/**
 * «Longitud de tu pie (cm)»: a GET form to the guide's page; with JavaScript the answer follows
 * what is typed, and a refusal waits until the field is left or the form sent.
 */
function FootLengthForm({
  guide,
  sizes,
  action,
  foot,
  idPrefix,
}: Omit<SizeGuideProps, "guideId"> & { guide: ShoeGuide }) {
  const hydrated = useHydrated();
  const [text, setText] = useState(foot ?? "");
  const [judged, setJudged] = useState(foot !== null);
  const parsed = parseFootLength(text);
  const answer = parsed.ok ? sizeAdviceText(sizeForFoot(guide, parsed.cm), sizes) : null;
  const error = !parsed.ok && judged ? [parsed.error] : null;
  const id = `${idPrefix}-pie`;
  return (
    <form
      method="get"
      action={action}
      className="space-y-3"
      aria-label="Tu talla según tu pie"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        setJudged(true);
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        <Field
          id={id}
          label={FOOT_LENGTH_FIELD_LABEL}
          hint={FOOT_LENGTH_HINT}
          errors={error}
          className="min-w-0 flex-1 basis-56"
        >
          <Input
            name={FOOT_LENGTH_PARAM}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => setJudged(text.trim() !== "")}
          />
        </Field>
        <Button type="submit" variant="secondary" className="sm:mt-8">
          Ver mi talla
        </Button>
      </div>
      <p role="status" className="min-h-6 font-semibold text-ink" data-testid="talla-recomendada">
        {answer}
      </p>
    </form>
  );
}

/** The guide: its table and, for shoes, the foot length form. */
export function SizeGuide({ guideId, sizes, action, foot, idPrefix }: SizeGuideProps) {
  const guide = SIZE_GUIDES[guideId];
  return (
    <div className="space-y-5">
      <p className="text-neutral-700">
        Tabla: <span className="font-semibold text-ink">{guide.name}</span>.{" "}
        {sizes.length > 0 ? "Las filas resaltadas son las tallas que se venden en este producto." : null}
      </p>
      {guide.kind === "calzado" ? (
        <FootLengthForm guide={guide} sizes={sizes} action={action} foot={foot} idPrefix={idPrefix} />
      ) : null}
      <GuideTable guideId={guideId} sizes={sizes} />
    </div>
  );
}

/**
 * The guide in a dialog over the product page, open as soon as it is drawn: Esc or «Cerrar» close
 * it (`onClose`) and the browser gives focus back to the link. Loaded on first use (SizeGuideLink).
 */
export function SizeGuideDialog({
  guideId,
  sizes,
  href,
  productName,
  onClose,
}: {
  guideId: SizeGuideId;
  sizes: ProductSizes;
  href: string;
  productName: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="guia-tallas-titulo"
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[calc(100vw-1rem)] max-w-3xl overflow-y-auto rounded-2xl bg-white p-3 text-left shadow-xl backdrop:bg-black/50 sm:p-6"
    >
      <GuideHeading id="guia-tallas-titulo" as="h2" productName={productName}>
        <form method="dialog">
          <Button type="submit" variant="secondary" size="sm">
            Cerrar
          </Button>
        </form>
      </GuideHeading>
      <SizeGuide guideId={guideId} sizes={sizes} action={href} foot={null} idPrefix="dialogo-guia" />
    </dialog>
  );
}

/** «Guía de tallas» and the product's name, with what goes beside them (the dialog's «Cerrar»). */
export function GuideHeading({
  id,
  as: Heading,
  productName,
  children,
}: {
  id: string;
  as: "h1" | "h2";
  productName: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex items-start justify-between gap-3">
      <div className="min-w-0">
        <Heading id={id} className="text-2xl font-extrabold tracking-tight text-ink">
          {SIZE_GUIDE_TITLE}
        </Heading>
        <p className="mt-1 break-words text-neutral-700">{productName}</p>
      </div>
      {children}
    </div>
  );
}
