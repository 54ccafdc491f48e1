import { NO_TRACKING_NUMBER } from "#contract/order-labels";

/**
 * « · Número de seguimiento: X» after a shipment's date, or « · sin número de seguimiento» for one
 * sent without it (an API client may ship without one: issue 32).
 */
export function TrackingNumber({ value }: { value: string | null }) {
  return value ? (
    <>
      {" "}
      · Número de seguimiento: <strong className="break-all font-mono">{value}</strong>
    </>
  ) : (
    <> · {NO_TRACKING_NUMBER}</>
  );
}
