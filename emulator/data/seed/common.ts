/** What every part of the seed shares: time units, the demo merchant's user, date formats. */
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const USER_ID = 41001;
export const iso = (ms: number) => new Date(ms).toISOString();
export const dateOnly = (ms: number) => iso(ms).slice(0, 10);
