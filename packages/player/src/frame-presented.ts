const HAVE_FUTURE_DATA = 3;

/**
 * Resolves once `video`'s first frame after its play is presented (at once when the browser
 * refused the play: nothing to wait for), or after `withinMs`. A page's next render, a long task,
 * waits for it, so that it comes after the launched picture's first frame rather than between the
 * play and that frame (decisions 138, 143, 144).
 */
export function framePresented(video: HTMLVideoElement, withinMs = Infinity): Promise<void> {
  return new Promise((resolve) => {
    const timer = Number.isFinite(withinMs) ? setTimeout(resolve, withinMs) : undefined;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const present = () => {
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(done);
      else requestAnimationFrame(done);
    };
    if (!video.paused && video.readyState >= HAVE_FUTURE_DATA) present();
    else {
      video.addEventListener('playing', present, { once: true });
      // A play the browser refused (no gesture, no sound allowed).
      video.addEventListener('pause', done, { once: true });
    }
  });
}
