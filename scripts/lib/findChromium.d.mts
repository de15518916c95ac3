/** The Chrome or Chromium to use, and where it was found; throws, saying how to get one, when there is none. */
export function findChromium(): { path: string; source: string };
