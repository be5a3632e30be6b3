/**
 * A video's poster: a frame the browser draws from the chosen file (half a second in, or the
 * middle of a shorter clip) onto a canvas, as a JPEG at most 1280 px wide. null when the browser
 * cannot decode the file or takes more than 10 s; the video then simply has no poster.
 */
const POSTER_WIDTH_MAX = 1280;
const POSTER_TIMEOUT_MS = 10_000;

export function posterFrame(file: Blob): Promise<Blob | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    let settled = false;
    const done = (blob: Blob | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute("src");
      video.load();
      resolve(blob);
    };
    const timer = setTimeout(() => done(null), POSTER_TIMEOUT_MS);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onloadeddata = () => {
      const duration = Number.isFinite(video.duration) ? video.duration : 1;
      video.currentTime = Math.min(0.5, duration / 2);
    };
    video.onseeked = () => {
      const scale = Math.min(1, POSTER_WIDTH_MAX / (video.videoWidth || 1));
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0 || canvas.height === 0) return done(null);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => done(blob), "image/jpeg", 0.85);
    };
    video.onerror = () => done(null);
    video.src = url;
  });
}
