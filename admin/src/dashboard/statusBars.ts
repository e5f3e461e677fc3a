/** The smallest bar drawn for a status that has vehicles, in percent: one car stays visible beside 50,000. */
const SMALLEST_SHOWN = 1;

/** A status bar's length in percent of the longest (the status with the most vehicles). */
export const statusBarPercent = (count: number, largest: number) => {
  if (count <= 0 || largest <= 0) return 0;
  return Math.max(SMALLEST_SHOWN, (count / largest) * 100);
};
