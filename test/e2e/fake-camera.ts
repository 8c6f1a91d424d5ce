import config from './playwright.config.js';

/**
 * Chromium with a camera and no hardware: its fake capture device (a moving test picture) allowed
 * with no prompt. A spec that takes photos uses it (`test.use(FAKE_CAMERA)`); the rest of the desk's
 * specs run with no camera at all, as a desk without a webcam does.
 */
const base = config.use?.launchOptions ?? {};
export const FAKE_CAMERA = {
  launchOptions: { ...base, args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
};
