/** The colours a car is named by, always in English (the console translates them), with a swatch. */
export const CAR_COLORS = {
  White: '#F5F5F5',
  Black: '#111111',
  Silver: '#C0C0C0',
  Gray: '#808080',
  Red: '#C62828',
  Blue: '#1E4FA8',
  Green: '#2E7D32',
  Brown: '#6D4C41',
  Beige: '#D8C8A8',
  Yellow: '#F9D71C',
  Orange: '#EF6C00',
  Gold: '#C9A227',
  Purple: '#6A1B9A',
} as const;
export type CarColor = keyof typeof CAR_COLORS;
export const CAR_COLOR_NAMES = Object.keys(CAR_COLORS) as CarColor[];
