/**
 * How wide each count card is (MUI Grid columns out of 12), by how many cards the role sees: on
 * wide screens the cards share one full row, never a row left half empty (a shipper sees two, a
 * company admin four, a super admin five); narrower screens take two or three to a row.
 */
export function countCardSize(cards: number): { xs: number; md: number; lg: number } {
  const n = Math.max(1, cards);
  return {
    xs: n === 1 ? 12 : 6,
    md: n === 1 ? 12 : n === 2 || n === 4 ? 6 : 4,
    lg: n === 5 ? 2.4 : n > 5 ? 2 : 12 / n,
  };
}
