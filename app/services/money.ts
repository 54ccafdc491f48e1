/** The one way money is shown, the same as in the API's messages: integer cents (USD), e.g. 1234,50 US$. */
export { formatUsd as formatPrice } from "#contract/money-format";
