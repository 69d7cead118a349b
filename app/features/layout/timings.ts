/** SPEC §9 timings. */
export const timings = {
  overlayDelayMs: 200,
  fadeOutMs: 300,
  fadeInMs: 200,
  scrollRestoreDelayMs: 500,
} as const;
