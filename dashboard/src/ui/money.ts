// Monthly spend and revenue, in the one currency Heed's figures are kept in (whole dollars).

const dollars = new Intl.NumberFormat(undefined, { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export function formatMoney(amount: number): string {
  return dollars.format(amount);
}
