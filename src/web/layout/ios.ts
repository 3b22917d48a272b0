/** An iPhone, iPad or iPod (an iPad in desktop mode calls itself a touch Mac), in any browser. */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** This browser runs on iOS: only there does the app load the install banner (App.tsx). */
export const onIos = () => typeof navigator !== 'undefined' && isIos(navigator.userAgent, navigator.maxTouchPoints);
