/**
 * Money is integer cents everywhere (docs/product-rules.md#dues); this is the one way to show it:
 * "$1,797" for whole dollars, "$12.50" otherwise.
 */
export function formatCents(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
