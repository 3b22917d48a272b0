import { must } from '../must';

/** The median of the figures (the mean of the middle two for an even count), as the API bench reports them. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? must(s[m]) : (must(s[m - 1]) + must(s[m])) / 2;
};
