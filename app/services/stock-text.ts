/** Units left as a shopper reads them: 'Agotado', '1 disponible', '7 disponibles'. */
export function stockText(stock: number): string {
  if (stock === 0) return "Agotado";
  return stock === 1 ? "1 disponible" : `${stock} disponibles`;
}
